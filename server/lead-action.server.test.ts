import fs from "node:fs";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LEASING } from "~/content";
import { formatRubWhole } from "~/lib/format";
import { estimateLeasing, LEASING_MESSAGES } from "~/lib/leasing";
import { HONEYPOT_FIELD } from "~/lib/lead-forms";
import { FORM_ERROR, MESSAGES } from "~/lib/lead-schemas";
import { parseConfig } from "./config.server";
import { createServices } from "./context.server";
import { readLastOrder } from "./cookies.server";
import { handleLeadAction } from "./lead-action.server";
import { handleOrderAction } from "./order-action.server";
import { issueOrderKey } from "./order-key.server";
import { UPLOAD_MESSAGES } from "./upload.server";
import { freshStore, type TestStore } from "../test/stores";
import type { LeadRecord } from "./lead-record.server";
import { sql } from "kysely";

const NOTIFY = "http://notify.test";
const KEY = "test-key-9f8e7d";

interface Captured {
  url: URL;
  headers: Headers;
  json?: unknown;
  form?: FormData;
}

let captured: Captured[] = [];
let upstream: "ok" | "500" | "slow" | "refused" = "ok";

const DADATA = "http://dadata.test";
let dadata: "ok" | "500" | "hang" = "ok";

const mock = setupServer(
  http.post(`${DADATA}/suggestions/api/4_1/rs/findById/party`, async ({ request }) => {
    const { query } = (await request.json()) as { query: string };
    if (dadata === "hang") await delay(3000);
    if (dadata === "500") return new HttpResponse("boom", { status: 500 });
    const data = { inn: query, kpp: "246601001", name: { short_with_opf: "ООО «Рога & Копыта»" }, address: null };
    return HttpResponse.json({ suggestions: [{ value: "ООО «Рога & Копыта»", data }] });
  }),
  http.post(`${NOTIFY}/v1/notify`, async ({ request }) => {
    // The test that sent this request: a slow answer lands after its test has ended.
    const sink = captured;
    const url = new URL(request.url);
    const entry: Captured = { url, headers: request.headers };
    if (request.headers.get("content-type")?.startsWith("multipart/")) entry.form = await request.formData();
    else entry.json = await request.json();
    if (upstream === "refused") return HttpResponse.error();
    if (upstream === "slow") await delay(2000);
    sink.push(entry);
    if (upstream === "500") return new HttpResponse("boom", { status: 500 });
    return HttpResponse.json({ ok: true });
  }),
);

beforeAll(() => mock.listen({ onUnhandledRequest: "error" }));
afterAll(() => mock.close());

let dataDir: string;
let context: AppLoadContext;
let t: TestStore;

function makeContext(env: Record<string, string> = {}) {
  const config = parseConfig({
    DATA_DIR: dataDir,
    SITE_URL: "https://faw.example",
    NOTIFY_API_URL: NOTIFY,
    NOTIFY_API_KEY: KEY,
    NOTIFY_TIMEOUT_MS: "300",
    ...env,
  });
  const opened = { store: t.store, cookieSecret: "0123456789abcdef".repeat(4) };
  return { services: createServices(config, opened), nonce: "", clientIp: "203.0.113.7" } as AppLoadContext;
}

beforeEach(async () => {
  t = await freshStore("sqlite");
  dataDir = t.config.dataDir;
  context = makeContext();
  captured = [];
  upstream = "ok";
  dadata = "ok";
});
afterEach(async () => {
  await context.services.mail.idle();
  await t.drop();
});

/** The store refuses every write to `table`, as a full disk or a database that is away would. */
async function refuseWrites(table: string) {
  await sql
    .raw(`create trigger refuse_${table} before insert on ${table} begin select raise(abort, 'disk full'); end`)
    .execute(t.store.db);
}

function post(url: string, fields: Record<string, string>, files: File[] = []) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const f of files) body.append("files", f);
  if (files.length === 0) return new Request(url, { method: "POST", body: new URLSearchParams(fields) });
  return new Request(url, { method: "POST", body });
}

const lead = {
  name: "Иванов Иван",
  phone: "+7 (912) 345-67-89",
  inn: "2465123457",
  comment: "Нужен расчёт",
  consent: "on",
  page: "/leasing",
};

type Answer = {
  formError?: string;
  values?: Record<string, string>;
  fieldErrors?: Record<string, string>;
  ok?: boolean;
  redirectTo?: string;
};
const answer = async (res: Response) => (await res.json()) as Answer;

/** The leads in the store (in `status` when given), oldest first. */
async function leadsOnDisk(status?: string): Promise<LeadRecord[]> {
  const rows = await t.store.db
    .selectFrom("leads")
    .select("id")
    .$if(status !== undefined, (q) => q.where("status", "=", status as never))
    .orderBy("created_at")
    .execute();
  return Promise.all(rows.map(async (row) => (await context.services.notify.load(row.id))!));
}

/** The order form posted for the cart `cart` ('id.quantity'), with the visitor's other cookies `cookie` ('; name=value…'). */
function orderRequest(cart: string, fields: Record<string, string>, cookie = "") {
  return new Request("https://faw.example/make-order", {
    method: "POST",
    headers: { Cookie: `cart=${cart}${cookie}` },
    body: new URLSearchParams(fields),
  });
}

describe("callback, price and leasing leads", () => {
  it("sends call 2's exact JSON with the key header and redirects to the success page", async () => {
    const res = await handleLeadAction(post("https://faw.example/lead/callback", lead), context, "callback");
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/form-success?fromUrl=%2Fleasing");
    expect(captured).toHaveLength(1);
    expect(captured[0].headers.get("x-api-key")).toBe(KEY);
    expect(captured[0].json).toEqual({
      name: "callback",
      fields: [
        { key: "name", value: "Иванов Иван" },
        { key: "phone", value: "+7(912)345-67-89" },
        { key: "inn", value: "2465123457" },
        { key: "comment", value: "Нужен расчёт" },
        { key: "source", value: '<a href="https://faw.example/leasing">Источник</a>' },
      ],
    });
    expect((await leadsOnDisk("delivered")).length).toBe(1);
  });

  it("uses the configured header name", async () => {
    context = makeContext({ NOTIFY_API_KEY_HEADER: "X-Access-Key" });
    await handleLeadAction(post("https://faw.example/lead/leasing", lead), context, "leasing");
    expect(captured[0].headers.get("x-access-key")).toBe(KEY);
    expect(captured[0].headers.get("x-api-key")).toBeNull();
  });

  it("adds a leasing lead's calculation to its comment, worked out again, with exactly the spec's fields", async () => {
    const calc = { price: "3500000", advance: "15.5", term: "24" };
    await handleLeadAction(post("https://faw.example/lead/leasing", { ...lead, ...calc }), context, "leasing");
    // 3 500 000 ₽ less 15,5 % over 24 months at the dealer's rate (app/lib/leasing.test.ts checks the sum).
    const { monthlyPayment } = estimateLeasing(
      { price: 3_500_000, advancePercent: 15.5, termMonths: 24 },
      LEASING.annualRatePercent,
    );
    expect((captured[0].json as { fields: unknown[] }).fields).toEqual([
      { key: "name", value: "Иванов Иван" },
      { key: "phone", value: "+7(912)345-67-89" },
      { key: "inn", value: "2465123457" },
      {
        key: "comment",
        value: `Нужен расчёт\nСтоимость 3\u00a0500\u00a0000\u00a0₽, аванс 15,5 %, срок 24 мес., платеж ≈ ${formatRubWhole(monthlyPayment)}`,
      },
      { key: "source", value: '<a href="https://faw.example/leasing">Источник</a>' },
    ]);

    // Without a comment the calculation is the comment; values that make no calculation (a price
    // over the range) follow as typed, with why; a partial calculator or another form adds nothing.
    const over = String(LEASING.amountTo + 1_000_000);
    await handleLeadAction(
      post("https://faw.example/lead/leasing", { ...lead, comment: "", ...calc }),
      context,
      "leasing",
    );
    await handleLeadAction(
      post("https://faw.example/lead/leasing", { ...lead, ...calc, price: over }),
      context,
      "leasing",
    );
    await handleLeadAction(post("https://faw.example/lead/leasing", { ...lead, price: "3500000" }), context, "leasing");
    await handleLeadAction(post("https://faw.example/lead/callback", { ...lead, ...calc }), context, "callback");
    const comments = captured
      .slice(1)
      .map(
        (c) => (c.json as { fields: { key: string; value: string }[] }).fields.find((f) => f.key === "comment")?.value,
      );
    expect(comments).toEqual([
      `Стоимость 3\u00a0500\u00a0000\u00a0₽, аванс 15,5 %, срок 24 мес., платеж ≈ ${formatRubWhole(monthlyPayment)}`,
      `Нужен расчёт\nРасчёт не выполнен (${LEASING_MESSAGES.priceRange}). Указано: стоимость «${over}», аванс «15.5» %, срок «24» мес.`,
      "Нужен расчёт",
      "Нужен расчёт",
    ]);
  });

  it("names the truck as the source of a price request from its page", async () => {
    const { ALL_TRUCKS } = await import("~/data/trucks");
    const truck = ALL_TRUCKS[0];
    const page = `/catalog/trucks/${truck.type.slug}/${truck.slug}`;
    await handleLeadAction(post("https://faw.example/lead/price", { ...lead, page }), context, "price");
    const fields = (captured[0].json as { fields: { key: string; value: string }[] }).fields;
    expect(fields.find((f) => f.key === "source")?.value).toBe(
      `<a href="https://faw.example${page}">${truck.name}</a>`,
    );
  });

  it("answers validation errors with the spec's messages and sends nothing", async () => {
    const res = await handleLeadAction(
      post("https://faw.example/lead/callback", { name: "", phone: "123", inn: "12", page: "/" }),
      context,
      "callback",
    );
    expect(res.status).toBe(422);
    const body = await answer(res);
    expect(body.fieldErrors).toEqual({
      name: MESSAGES.name,
      phone: MESSAGES.phone,
      inn: MESSAGES.inn,
      consent: MESSAGES.consent,
    });
    expect(captured).toHaveLength(0);
    expect(await leadsOnDisk()).toHaveLength(0);
  });

  it("records the consent with time, IP, form and text version, but never sends it", async () => {
    await handleLeadAction(post("https://faw.example/lead/callback", lead), context, "callback");
    const [record] = await t.store.db.selectFrom("consents").selectAll().execute();
    expect(record).toMatchObject({
      ip: "203.0.113.7",
      form: "callback",
      version: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(Date.parse(record.at)).not.toBeNaN();
    expect(JSON.stringify(captured[0].json)).not.toContain("consent");
  });

  it.each(["500", "slow", "refused"] as const)(
    "keeps the lead on disk as undelivered when the upstream is %s, then shows the error",
    async (mode) => {
      upstream = mode;
      const res = await handleLeadAction(post("https://faw.example/lead/callback", lead), context, "callback");
      expect(res.status).toBe(502);
      const body = await answer(res);
      expect(body.formError).toBe(FORM_ERROR);
      expect(body.values).toMatchObject({ name: "Иванов Иван", comment: "Нужен расчёт" });
      const kept = await leadsOnDisk("undelivered");
      expect(kept).toHaveLength(1);
      expect(kept[0].request).toMatchObject({ kind: "json", body: { name: "callback" } });
    },
  );

  it("re-sends undelivered leads once the upstream is back, and a second run sends nothing", async () => {
    upstream = "500";
    await handleLeadAction(post("https://faw.example/lead/callback", lead), context, "callback");
    captured = [];
    upstream = "ok";
    expect(await context.services.notify.retryPass({ mode: "all" })).toMatchObject({ delivered: 1, undelivered: 0 });
    expect(captured).toHaveLength(1);
    expect(await context.services.notify.retryPass({ mode: "all" })).toMatchObject({ delivered: 0, undelivered: 0 });
    expect(captured).toHaveLength(1);
    expect(await leadsOnDisk("delivered")).toHaveLength(1);
  });

  it("takes a lead sent again after its send failed for that lead, not a second one", async () => {
    upstream = "500";
    for (let i = 0; i < 2; i++)
      expect(
        (await handleLeadAction(post("https://faw.example/lead/callback", lead), context, "callback")).status,
      ).toBe(502);
    const [kept] = await leadsOnDisk("undelivered");
    expect(kept.attempts).toHaveLength(2);
    upstream = "ok";
    captured = [];
    const again = await handleLeadAction(post("https://faw.example/lead/callback", lead), context, "callback");
    expect(again.status).toBe(303);
    expect(captured.map((c) => c.headers.get("Idempotency-Key"))).toEqual([kept.id]);
    expect(await leadsOnDisk()).toMatchObject([{ id: kept.id, status: "delivered" }]);
    expect(await context.services.notify.retryPass({ mode: "all" })).toMatchObject({ delivered: 0 });
    // Other fields, or another form: a lead of its own.
    await handleLeadAction(post("https://faw.example/lead/callback", { ...lead, comment: "Ещё" }), context, "callback");
    await handleLeadAction(post("https://faw.example/lead/price", lead), context, "price");
    expect(await leadsOnDisk()).toHaveLength(3);
  });

  it("keeps every lead locally when no notify service is configured", async () => {
    context = makeContext({ NOTIFY_API_URL: "", NOTIFY_API_KEY: "" });
    const res = await handleLeadAction(post("https://faw.example/lead/callback", lead), context, "callback");
    expect(res.status).toBe(303);
    expect(captured).toHaveLength(0);
    expect(await leadsOnDisk("kept")).toHaveLength(1);
  });

  it("drops a lead whose honeypot is filled, answering like a success", async () => {
    const res = await handleLeadAction(
      post("https://faw.example/lead/callback", { ...lead, website: "http://spam" }),
      context,
      "callback",
    );
    expect(res.status).toBe(303);
    expect(captured).toHaveLength(0);
    expect(await leadsOnDisk()).toHaveLength(0);
  });

  it("refuses a visitor over the lead limit with the spec's message, and keeps nothing", async () => {
    const limited = makeContext({ LEAD_RATE_LIMIT: "1" });
    const first = await handleLeadAction(post("https://faw.example/lead/callback", lead), limited, "callback");
    expect(first.status).toBe(303);
    captured = [];
    const res = await handleLeadAction(post("https://faw.example/lead/price", lead), limited, "price");
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBe("600");
    const refused = await answer(res);
    expect(refused.formError).toMatch(/Слишком много заявок/);
    // What was typed comes back, so the form shown again without JavaScript keeps it.
    expect(refused.values).toMatchObject({ name: lead.name, phone: lead.phone, comment: lead.comment });
    expect(captured).toHaveLength(0);
    expect(await leadsOnDisk()).toHaveLength(1);
  });

  it("does not count a form sent back for its mistakes or dropped by the honeypot", async () => {
    const limited = makeContext({ LEAD_RATE_LIMIT: "1" });
    const send = async (fields: Record<string, string>) =>
      (await handleLeadAction(post("https://faw.example/lead/callback", fields), limited, "callback")).status;
    expect(await send({ ...lead, name: "" })).toBe(422);
    expect(await send({ ...lead, phone: "+7 (912) 345" })).toBe(422);
    expect(await send({ ...lead, [HONEYPOT_FIELD]: "bot" })).toBe(303);
    expect(await send(lead)).toBe(303);
    expect(captured).toHaveLength(1);
    expect(await send(lead)).toBe(429);
  });

  it("counts every lead of a visitor, whatever the form and the method, and another visitor apart", async () => {
    const limited = makeContext({ LEAD_RATE_LIMIT: "2" });
    const statuses = [];
    for (const [form, method] of [
      ["callback", "POST"],
      ["price", "PUT"],
      ["callback", "PATCH"],
    ] as const) {
      const request = new Request(`https://faw.example/lead/${form}`, { method, body: new URLSearchParams(lead) });
      statuses.push((await handleLeadAction(request, limited, form)).status);
    }
    expect(statuses).toEqual([303, 303, 429]);
    const other = { ...limited, clientIp: "203.0.113.8" };
    expect((await handleLeadAction(post("https://faw.example/lead/callback", lead), other, "callback")).status).toBe(
      303,
    );
  });

  it("shows a leasing form again for a recalculation, with everything typed, sending and keeping nothing, and not counting it", async () => {
    const limited = makeContext({ LEAD_RATE_LIMIT: "1" });
    const typed = { ...lead, price: "3 500 000", advance: "15", term: "24" };
    for (let i = 0; i < 3; i++) {
      const res = await handleLeadAction(
        post("https://faw.example/lead/leasing?page=%2Fleasing&intent=recalculate", typed),
        limited,
        "leasing",
      );
      expect(res.status).toBe(200);
      expect((await answer(res)).values).toEqual(typed);
    }
    expect(captured).toHaveLength(0);
    expect(await leadsOnDisk()).toHaveLength(0);
    // The visitor's one lead of the window is still theirs.
    expect((await handleLeadAction(post("https://faw.example/lead/leasing", typed), limited, "leasing")).status).toBe(
      303,
    );
  });

  it("refuses a lead whose consent cannot be recorded with the spec's error, keeping what was typed and sending nothing", async () => {
    await refuseWrites("consents");
    const res = await handleLeadAction(post("https://faw.example/lead/callback", lead), context, "callback");
    expect(res.status).toBe(503);
    expect(await answer(res)).toMatchObject({
      formError: FORM_ERROR,
      values: { name: lead.name, comment: lead.comment },
    });
    expect(captured).toHaveLength(0);
    expect(await leadsOnDisk()).toHaveLength(0);
  });

  it("answers a lead it cannot write with the spec's error, keeping what was typed and sending nothing", async () => {
    await refuseWrites("leads");
    const res = await handleLeadAction(post("https://faw.example/lead/callback", lead), context, "callback");
    expect(res.status).toBe(503);
    expect(await answer(res)).toMatchObject({ formError: FORM_ERROR, values: { name: lead.name, phone: lead.phone } });
    expect(captured).toHaveLength(0);
  });

  it("does not count a lead or an upload the store could not take (503): a visitor who tried again meanwhile is not locked out after it", async () => {
    const limited = makeContext({ LEAD_RATE_LIMIT: "1" });
    const send = async (form: "callback" | "parts-list") => {
      const request =
        form === "callback"
          ? post("https://faw.example/lead/callback", lead)
          : post("https://faw.example/lead/parts-list", lead, [new File(["данные"], "список.txt")]);
      return (await handleLeadAction(request, limited, form)).status;
    };
    // The uploads' folder replaced by a file, and every lead refused by the store.
    const uploads = path.join(dataDir, "uploads");
    fs.rmSync(uploads, { recursive: true, force: true });
    fs.writeFileSync(uploads, "");
    await refuseWrites("leads");
    expect([await send("callback"), await send("parts-list"), await send("callback")]).toEqual([503, 503, 503]);
    fs.rmSync(uploads);
    await sql`drop trigger refuse_leads`.execute(t.store.db);
    // The visitor's one lead of the window is still theirs, and it is counted.
    expect(await send("callback")).toBe(303);
    expect(await send("parts-list")).toBe(429);
    expect(await leadsOnDisk()).toHaveLength(1);
  });

  it("never follows a foreign page for the success link", async () => {
    const res = await handleLeadAction(
      post("https://faw.example/lead/callback", { ...lead, page: "//evil.example" }),
      context,
      "callback",
    );
    expect(res.headers.get("Location")).toBe("/form-success?fromUrl=%2F");
  });
});

describe("the customer's text and the company in a lead", () => {
  const markup = '<b>Тест</b> "Иванов" & <script>alert(1)</script>';
  const escaped = '&lt;b&gt;Тест&lt;/b&gt; "Иванов" &amp; &lt;script&gt;alert(1)&lt;/script&gt;';

  it("escapes what the customer typed, keeps the site's link as markup, and adds the company by its ИНН", async () => {
    context = makeContext({ DADATA_API_KEY: "dadata-key", DADATA_API_URL: DADATA });
    const body = { ...lead, name: markup, comment: `${markup}\nВторая строка` };
    await handleLeadAction(post("https://faw.example/lead/callback", body), context, "callback");
    expect((captured[0].json as { fields: unknown[] }).fields).toEqual([
      { key: "name", value: escaped },
      { key: "phone", value: "+7(912)345-67-89" },
      { key: "inn", value: "2465123457" },
      { key: "comment", value: `${escaped}\nВторая строка` },
      { key: "source", value: '<a href="https://faw.example/leasing">Источник</a>' },
      { key: "company", value: "ООО «Рога &amp; Копыта», КПП 246601001" },
    ]);
  });

  it.each(["500", "hang"] as const)("sends the lead without the company when DaData answers %s", async (mode) => {
    context = makeContext({ DADATA_API_KEY: "dadata-key", DADATA_API_URL: DADATA });
    dadata = mode;
    const res = await handleLeadAction(post("https://faw.example/lead/price", lead), context, "price");
    expect(res.status).toBe(303);
    const fields = (captured[0].json as { fields: { key: string }[] }).fields;
    expect(fields.map((f) => f.key)).toEqual(["name", "phone", "inn", "comment", "source"]);
  });

  it("looks nothing up without an ИНН or without a key", async () => {
    context = makeContext({ DADATA_API_KEY: "dadata-key", DADATA_API_URL: DADATA });
    await handleLeadAction(post("https://faw.example/lead/callback", { ...lead, inn: "" }), context, "callback");
    context = makeContext();
    await handleLeadAction(post("https://faw.example/lead/callback", lead), context, "callback");
    for (const sent of captured)
      expect((sent.json as { fields: { key: string }[] }).fields.map((f) => f.key)).not.toContain("company");
  });

  it("escapes the parts list's fields as well", async () => {
    const res = await handleLeadAction(
      post("https://faw.example/lead/parts-list", { ...lead, name: markup, comment: markup }, [
        new File(["a;b"], "list.csv", { type: "text/csv" }),
      ]),
      context,
      "parts-list",
    );
    expect(res.status).toBe(303);
    expect(captured[0].form!.getAll("fields[]").map((f) => JSON.parse(String(f)))).toEqual([
      { key: "name", value: escaped },
      { key: "phone", value: "+7(912)345-67-89" },
      { key: "comment", value: escaped },
    ]);
  });
});

describe("parts-list leads with files", () => {
  const parts = {
    name: "Петров Пётр",
    phone: "+7 (923) 111-22-33",
    comment: "Список во вложении",
    consent: "on",
    page: "/catalog/parts",
  };

  it("over the lead limit, reads an upload to its end without keeping it, and gives back what was typed", async () => {
    const limited = makeContext({ LEAD_RATE_LIMIT: "1" });
    expect((await handleLeadAction(post("https://faw.example/lead/callback", lead), limited, "callback")).status).toBe(
      303,
    );
    const request = post("https://faw.example/lead/parts-list", parts, [
      new File([new Uint8Array(2 * 1024 * 1024).fill(7)], "фото.jpg", { type: "image/jpeg" }),
    ]);
    const res = await handleLeadAction(request, limited, "parts-list");
    expect(res.status).toBe(429);
    // Read to the end: the browser finishes sending and reads the answer on a connection kept open.
    expect(res.headers.get("Connection")).toBeNull();
    expect(request.bodyUsed).toBe(true);
    expect((await answer(res)).values).toEqual({
      name: parts.name,
      phone: parts.phone,
      comment: parts.comment,
      page: parts.page,
    });
    expect(await leadsOnDisk()).toHaveLength(1);
  });

  it("gives back an upload sent back for the visitor's mistakes, and counts one whose body cannot be read", async () => {
    const file = () => [new File(["артикул;кол-во"], "список.csv", { type: "text/csv" })];
    const limited = makeContext({ LEAD_RATE_LIMIT: "1" });
    const send = (request: Request, ctx = limited) => handleLeadAction(request, ctx, "parts-list");
    for (let i = 0; i < 3; i++)
      expect((await send(post("https://faw.example/lead/parts-list", { ...parts, name: "" }, file()))).status).toBe(
        422,
      );
    expect((await send(post("https://faw.example/lead/parts-list", parts, file()))).status).toBe(303);
    expect(await leadsOnDisk()).toHaveLength(1);
    expect((await send(post("https://faw.example/lead/parts-list", parts, file()))).status).toBe(429);
    // A body no form sends (a bot's: more fields than the form has) keeps its count: the limit
    // bounds what is written to disk.
    const other = { ...makeContext({ LEAD_RATE_LIMIT: "1" }), clientIp: "203.0.113.9" };
    const extra = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`extra${i}`, "1"]));
    const broken = post("https://faw.example/lead/parts-list", { ...parts, ...extra }, file());
    expect((await send(broken, other)).status).toBe(413);
    expect((await send(post("https://faw.example/lead/parts-list", parts, file()), other)).status).toBe(429);
    expect(await leadsOnDisk()).toHaveLength(1);
  });

  it("sends call 3 as multipart: images=true, name, fields[] and the files", async () => {
    const files = [
      new File(["артикул;кол-во\n1012015-81D;2"], "список.csv", { type: "text/csv" }),
      new File([new Uint8Array(2048).fill(7)], "фото.jpg", { type: "image/jpeg" }),
    ];
    const res = await handleLeadAction(
      post("https://faw.example/lead/parts-list", parts, files),
      context,
      "parts-list",
    );
    expect(res.status).toBe(303);
    expect(captured).toHaveLength(1);
    const sent = captured[0];
    expect(sent.url.searchParams.get("images")).toBe("true");
    expect(sent.headers.get("x-api-key")).toBe(KEY);
    expect(sent.form!.get("name")).toBe("parts-list");
    expect(sent.form!.getAll("fields[]").map((v) => JSON.parse(String(v)))).toEqual([
      { key: "name", value: "Петров Пётр" },
      { key: "phone", value: "+7(923)111-22-33" },
      { key: "comment", value: "Список во вложении" },
    ]);
    const sentFiles = sent.form!.getAll("files") as File[];
    expect(sentFiles.map((f) => f.name)).toEqual(["список.csv", "фото.jpg"]);
    expect(await sentFiles[0].text()).toBe("артикул;кол-во\n1012015-81D;2");
    expect(sentFiles[1].size).toBe(2048);
  });

  it("uses NOTIFY_PARTS_LIST_NAME", async () => {
    context = makeContext({ NOTIFY_PARTS_LIST_NAME: "zayavka" });
    await handleLeadAction(
      post("https://faw.example/lead/parts-list", parts, [new File(["x"], "a.txt")]),
      context,
      "parts-list",
    );
    expect(captured[0].form!.get("name")).toBe("zayavka");
  });

  it("keeps the lead and its files on disk when delivery fails", async () => {
    upstream = "500";
    const res = await handleLeadAction(
      post("https://faw.example/lead/parts-list", parts, [new File(["данные"], "список.txt")]),
      context,
      "parts-list",
    );
    expect(res.status).toBe(502);
    const [kept] = await leadsOnDisk("undelivered");
    expect(kept.request.kind).toBe("multipart");
    const file = kept.request.kind === "multipart" ? kept.request.files[0] : undefined;
    expect(file?.name).toBe("список.txt");
    const [stored] = await t.store.db.selectFrom("lead_files").selectAll().where("lead_id", "=", kept.id).execute();
    expect(Buffer.from(stored.data).toString("utf8")).toBe("данные");
  });

  it("answers an upload it has nowhere to write with the spec's error and what was typed before the files", async () => {
    // The uploads' folder replaced by a file: no upload can be taken in.
    const uploads = path.join(dataDir, "uploads");
    fs.rmSync(uploads, { recursive: true, force: true });
    fs.writeFileSync(uploads, "");
    const request = post("https://faw.example/lead/parts-list", parts, [new File(["данные"], "список.txt")]);
    const res = await handleLeadAction(request, context, "parts-list");
    expect(res.status).toBe(503);
    expect(request.bodyUsed).toBe(true);
    expect(await answer(res)).toMatchObject({
      formError: FORM_ERROR,
      values: { name: parts.name, phone: parts.phone, comment: parts.comment },
    });
    expect(captured).toHaveLength(0);
  });

  it("refuses an upload over 10 MB with 413 and forwards nothing", async () => {
    const big = new File([new Uint8Array(10_485_761)], "big.pdf");
    const res = await handleLeadAction(
      post("https://faw.example/lead/parts-list", parts, [big]),
      context,
      "parts-list",
    );
    expect(res.status).toBe(413);
    expect(res.headers.get("Connection")).toBe("close");
    expect((await answer(res)).formError).toBe(UPLOAD_MESSAGES.tooBig);
    expect(captured).toHaveLength(0);
    expect(await leadsOnDisk()).toHaveLength(0);
    expect(fs.readdirSync(path.join(dataDir, "uploads"))).toEqual([]);
  });

  it("gives back the name, phone and comment typed before the files of a body refused for its size", async () => {
    // Built as a browser sends the form (its fields in order, the consent after the files), with
    // the Content-Length a browser states: over the cap, so refused before anything is parsed.
    const body = new FormData();
    for (const [k, v] of Object.entries({ page: parts.page, website: "", name: parts.name, phone: parts.phone }))
      body.append(k, v);
    body.append("comment", "Строка 1\r\nстрока «2»");
    body.append("files", new File([new Uint8Array(11 * 1024 * 1024)], "скан.pdf"));
    body.append("consent", "on");
    const encoded = new Request("https://faw.example/x", { method: "POST", body });
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const req = new Request("https://faw.example/lead/parts-list", {
      method: "POST",
      headers: { "Content-Type": encoded.headers.get("Content-Type")!, "Content-Length": String(bytes.byteLength) },
      body: bytes,
    });
    const res = await handleLeadAction(req, context, "parts-list");
    expect(res.status).toBe(413);
    const { formError, values } = await answer(res);
    expect(formError).toBe(UPLOAD_MESSAGES.tooBig);
    expect(values).toEqual({
      name: parts.name,
      phone: parts.phone,
      comment: "Строка 1\r\nстрока «2»",
      page: parts.page,
    });
    expect(captured).toHaveLength(0);
  });

  it("gives back what was typed when the files pass the cap while they stream", async () => {
    const big = new File([new Uint8Array(10_485_761)], "big.pdf");
    const res = await handleLeadAction(
      post("https://faw.example/lead/parts-list", parts, [big]),
      context,
      "parts-list",
    );
    expect(res.status).toBe(413);
    expect((await answer(res)).values).toMatchObject({ name: parts.name, phone: parts.phone, comment: parts.comment });
  });

  it("refuses at once when Content-Length is already over the cap", async () => {
    const req = new Request("https://faw.example/lead/parts-list", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(20 * 1024 * 1024) },
      body: "--x--",
    });
    const res = await handleLeadAction(req, context, "parts-list");
    expect(res.status).toBe(413);
  });

  it("refuses more than 10 files", async () => {
    const files = Array.from({ length: 11 }, (_, i) => new File(["x"], `${i}.txt`));
    const res = await handleLeadAction(
      post("https://faw.example/lead/parts-list", parts, files),
      context,
      "parts-list",
    );
    expect(res.status).toBe(413);
    expect((await answer(res)).formError).toBe(UPLOAD_MESSAGES.tooMany);
  });

  it("names what is wrong with an upload: a text far too long, more fields than the form has", async () => {
    const long = await handleLeadAction(
      post("https://faw.example/lead/parts-list", { ...parts, comment: "я".repeat(9000) }, [new File(["x"], "a.txt")]),
      context,
      "parts-list",
    );
    expect([long.status, (await answer(long)).formError]).toEqual([413, UPLOAD_MESSAGES.tooLong]);
    const extra = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`extra${i}`, "1"]));
    const many = await handleLeadAction(
      post("https://faw.example/lead/parts-list", { ...parts, ...extra }, [new File(["x"], "a.txt")]),
      context,
      "parts-list",
    );
    expect([many.status, (await answer(many)).formError]).toEqual([413, UPLOAD_MESSAGES.tooManyParts]);
    expect(captured).toHaveLength(0);
  });

  it("answers a garbled multipart body with a clear message, not a 500", async () => {
    const req = new Request("https://faw.example/lead/parts-list", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=abc" },
      body: '--abc\r\nContent-Disposition: form-data; name="name"\r\n\r\nИван',
    });
    const res = await handleLeadAction(req, context, "parts-list");
    expect([400, 422]).toContain(res.status);
    expect(captured).toHaveLength(0);
  });

  it("answers JSON to the upload XHR", async () => {
    const res = await handleLeadAction(
      post("https://faw.example/api/lead-upload", parts, [new File(["x"], "a.txt")]),
      context,
      "parts-list",
      "json",
    );
    expect(res.status).toBe(200);
    expect(await answer(res)).toEqual({ ok: true, redirectTo: "/form-success?fromUrl=%2Fcatalog%2Fparts" });
  });
});

describe("an order on a disk that takes nothing", () => {
  it("answers with the spec's error and the form as typed, sending and counting nothing, when the store takes no order", async () => {
    const snapshot = await context.services.parts.getCatalogue();
    const part = snapshot.parts.find((p) => p.balance >= 1)!;
    const limited = makeContext({ LEAD_RATE_LIMIT: "1" });
    await refuseWrites("leads");
    const typed = { name: "Петров Пётр", phone: "+7 (912) 345-67-89", comment: "Самовывоз завтра", consent: "on" };
    const order = () =>
      orderRequest(`${part.id}.1`, {
        ...typed,
        delivery: "pickup",
        orderKey: issueOrderKey(limited.services.cookieSecrets),
      });
    // Twice, at a limit of one order: neither is counted, so neither is refused for the limit.
    for (let i = 0; i < 2; i++) {
      const res = await handleOrderAction(order(), limited);
      expect(res.status).toBe(503);
      expect(await answer(res)).toMatchObject({
        formError: "Произошла ошибка при оформлении заказа, попробуйте позже",
        values: { name: typed.name, comment: typed.comment },
      });
    }
    expect(captured).toHaveLength(0);
  });
});

describe("a failed order's form sent again while the customer's next order replaces it", () => {
  it("answers as the newer order, sending the first no more", async () => {
    const snapshot = await context.services.parts.getCatalogue();
    const part = snapshot.parts.find((p) => p.balance >= 2)!;
    const { cookieSecrets } = context.services;
    const typed = { name: "Петров Пётр", phone: "+7 (912) 345-67-89", consent: "on", delivery: "pickup" };
    const order = (quantity: number, orderKey: string, cookie = "") =>
      orderRequest(`${part.id}.${quantity}`, { ...typed, orderKey }, cookie);

    // The first order fails: kept on disk for its retry, named in the visitor's pending-order cookie.
    upstream = "500";
    const firstKey = issueOrderKey(cookieSecrets);
    const failed = await handleOrderAction(order(1, firstKey), context);
    expect(failed.status).toBe(502);
    const pending = failed.headers.get("Set-Cookie")!.split(";")[0];
    const [first] = await leadsOnDisk("undelivered");
    upstream = "ok";
    captured = [];

    // The customer changes the cart and orders again from another tab, landing between the old
    // form's lookup of its order (still unsent) and its sending again.
    const notify = context.services.notify;
    const resendJson = notify.resendJson.bind(notify);
    let newer: Response | undefined;
    notify.resendJson = async (...args) => {
      newer = await handleOrderAction(order(2, issueOrderKey(cookieSecrets), `; ${pending}`), context);
      return resendJson(...args);
    };
    const stale = await handleOrderAction(order(1, firstKey, `; ${pending}`), context);

    expect(newer?.status).toBe(303);
    const [second] = await leadsOnDisk("delivered");
    expect(await notify.load(first.id)).toMatchObject({ status: "replaced", replacedBy: second.id });
    // The old form is answered with the newer order's success page; the manager got that order only.
    expect(stale.status).toBe(303);
    expect(stale.headers.get("Location")).toBe("/order-success");
    const cookies = stale.headers.getSetCookie().map((c) => c.split(";")[0]);
    const shown = new Request("https://faw.example/order-success", { headers: { Cookie: cookies.join("; ") } });
    expect(await readLastOrder(shown, cookieSecrets)).toMatchObject({ id: second.id });
    expect(captured).toHaveLength(1);
    expect(captured[0].headers.get("Idempotency-Key")).toBe(second.id);
  });
});

describe("an order's form sent again for a cart changed since", () => {
  const typed = { name: "Петров Пётр", phone: "+7 (912) 345-67-89", consent: "on", delivery: "pickup" };
  const goodsOf = (sent: Captured) =>
    (sent.json as { fields: { key: string; value: string }[] }).fields.find((f) => f.key === "goods")!.value;

  it("after its send failed, is a new order with the cart's lines, replacing the failed one", async () => {
    const snapshot = await context.services.parts.getCatalogue();
    const part = snapshot.parts.find((p) => p.balance >= 2)!;
    const key = issueOrderKey(context.services.cookieSecrets);
    upstream = "500";
    const failed = await handleOrderAction(orderRequest(`${part.id}.1`, { ...typed, orderKey: key }), context);
    expect(failed.status).toBe(502);
    const [first] = await leadsOnDisk("undelivered");
    upstream = "ok";
    captured = [];

    // Two now, from another tab; the form (its summary following the cart) is sent again.
    const again = await handleOrderAction(orderRequest(`${part.id}.2`, { ...typed, orderKey: key }), context);
    expect(again.status).toBe(303);
    expect(captured).toHaveLength(1);
    expect(goodsOf(captured[0])).toContain("— 2 шт.");
    const [second] = await leadsOnDisk("delivered");
    expect(second.id).not.toBe(first.id);
    expect(captured[0].headers.get("Idempotency-Key")).toBe(second.id);
    expect(await context.services.notify.load(first.id)).toMatchObject({
      status: "replaced",
      replacedBy: second.id,
    });
  });

  it("once placed, is a new order for other goods, and the first again for the same goods", async () => {
    const snapshot = await context.services.parts.getCatalogue();
    const part = snapshot.parts.find((p) => p.balance >= 2)!;
    const key = issueOrderKey(context.services.cookieSecrets);
    const placed = await handleOrderAction(orderRequest(`${part.id}.1`, { ...typed, orderKey: key }), context);
    expect(placed.status).toBe(303);
    const [first] = await leadsOnDisk("delivered");

    // The same goods (an answer lost on the way): the first order's page, nothing sent.
    await handleOrderAction(orderRequest(`${part.id}.1`, { ...typed, orderKey: key }), context);
    expect(captured).toHaveLength(1);
    // Other goods: a new order, the first left as it was.
    const other = await handleOrderAction(orderRequest(`${part.id}.2`, { ...typed, orderKey: key }), context);
    expect(other.status).toBe(303);
    expect(captured).toHaveLength(2);
    expect(goodsOf(captured[1])).toContain("— 2 шт.");
    expect(captured[1].headers.get("Idempotency-Key")).not.toBe(first.id);
    expect(await context.services.notify.load(first.id)).toMatchObject({ status: "delivered" });
  });
});

describe("the company an order names", () => {
  it("is sent as the customer named it, with an ИНН or without one", async () => {
    const snapshot = await context.services.parts.getCatalogue();
    const part = snapshot.parts.find((p) => p.balance >= 1 && p.price > 0)!;
    const typed = { name: "Петров Пётр", phone: "+7 (912) 345-67-89", consent: "on", companyName: "ООО «Ромашка»" };
    const companyOf = (sent: Captured) =>
      (sent.json as { fields: { key: string; value: string }[] }).fields.find((f) => f.key === "companyName")?.value;
    for (const inn of ["", "2465123457"]) {
      captured = [];
      // A register that does not know the ИНН (no DaData key here): the name as typed.
      const res = await handleOrderAction(orderRequest(`${part.id}.1`, { ...typed, inn }), context);
      expect(res.status, inn).toBe(303);
      expect(companyOf(captured[0]), inn).toBe("ООО «Ромашка»");
    }
  });
});
