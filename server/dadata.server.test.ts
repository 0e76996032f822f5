import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "./config.server";
import { createDadataGateway, DADATA_TIMEOUT_MS } from "./dadata.server";

const DADATA = "http://dadata.test";
const KEY = "dadata-test-key-3c1f";

interface Seen {
  method: string;
  headers: Headers;
  body: Record<string, unknown>;
}
let seen: Seen[] = [];
let answer: "ok" | "500" | "hang" | "garbage" = "ok";

const ROMASHKA = {
  value: "ООО «Ромашка»",
  data: {
    inn: "2465000014",
    kpp: "246601001",
    type: "LEGAL",
    name: { short_with_opf: "ООО «Ромашка»", full_with_opf: "ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «РОМАШКА»" },
    address: { value: "г Красноярск, ул Ленина, д 1" },
    state: { status: "ACTIVE" },
  },
};
const SOLE_TRADER = {
  value: "ИП Иванов Иван Иванович",
  data: {
    inn: "246500012341",
    kpp: null,
    type: "INDIVIDUAL",
    name: { short_with_opf: "ИП Иванов Иван Иванович", full_with_opf: null },
    address: { value: "г Красноярск" },
  },
};

/** Ромашка's branch in Ачинск: the same ИНН, its own КПП and address. */
const ROMASHKA_BRANCH = {
  ...ROMASHKA,
  data: { ...ROMASHKA.data, kpp: "244301001", address: { value: "г Ачинск, ул Кирова, д 5" } },
};

const mock = setupServer(
  http.post(`${DADATA}/suggestions/api/4_1/rs/:method/party`, async ({ request, params }) => {
    const body = (await request.json()) as Record<string, unknown>;
    seen.push({ method: String(params.method), headers: request.headers, body });
    if (answer === "hang") await delay(DADATA_TIMEOUT_MS + 1500);
    if (answer === "500") return new HttpResponse("boom", { status: 500 });
    if (answer === "garbage") return HttpResponse.json({ nothing: true });
    const all = [ROMASHKA, ROMASHKA_BRANCH, SOLE_TRADER];
    const query = String(body.query);
    // findById: every unit of the ИНН, the head office alone (branch_type MAIN), or the unit of a КПП.
    const unit = (s: (typeof all)[number]) =>
      (body.kpp === undefined || s.data.kpp === body.kpp) && (body.branch_type !== "MAIN" || s !== ROMASHKA_BRANCH);
    return HttpResponse.json({
      suggestions:
        params.method === "findById"
          ? all.filter((s) => s.data.inn === query && unit(s))
          : all.filter((s) => s.data.inn.startsWith(query)),
    });
  }),
);
beforeAll(() => mock.listen({ onUnhandledRequest: "error" }));
afterAll(() => mock.close());
beforeEach(() => {
  seen = [];
  answer = "ok";
});

function gateway(env: Record<string, string> = { DADATA_API_KEY: KEY, DADATA_API_URL: DADATA }) {
  const outcomes: string[] = [];
  const config = parseConfig({ DATA_DIR: "/tmp", ...env });
  const directory = createDadataGateway(config, { onUpstream: (outcome) => outcomes.push(outcome) });
  return { directory, outcomes };
}

describe("the DaData gateway", () => {
  it("suggests companies by the digits typed, with the key in the Authorization header", async () => {
    const { directory, outcomes } = gateway();
    expect(directory.enabled).toBe(true);
    await expect(directory.suggest("2465")).resolves.toEqual([
      { inn: "2465000014", name: "ООО «Ромашка»", kpp: "246601001", address: "г Красноярск, ул Ленина, д 1" },
      { inn: "2465000014", name: "ООО «Ромашка»", kpp: "244301001", address: "г Ачинск, ул Кирова, д 5" },
      { inn: "246500012341", name: "ИП Иванов Иван Иванович", address: "г Красноярск" },
    ]);
    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe("suggest");
    expect(seen[0].headers.get("authorization")).toBe(`Token ${KEY}`);
    expect(seen[0].headers.get("content-type")).toBe("application/json");
    expect(seen[0].headers.get("accept")).toBe("application/json");
    expect(seen[0].body).toMatchObject({ query: "2465" });
    expect(outcomes).toEqual(["ok"]);
  });

  it("finds the head office by a whole ИНН; a sole trader has no КПП", async () => {
    const { directory } = gateway();
    await expect(directory.findByInn("2465000014")).resolves.toMatchObject({ name: "ООО «Ромашка»", kpp: "246601001" });
    expect(seen[0]).toMatchObject({ method: "findById", body: { query: "2465000014", branch_type: "MAIN" } });
    const trader = await directory.findByInn("246500012341");
    expect(trader).toEqual({ inn: "246500012341", name: "ИП Иванов Иван Иванович", address: "г Красноярск" });
    await expect(directory.findByInn("2465999999")).resolves.toBeUndefined();
  });

  it("finds the branch of the КПП chosen, as the register confirms it; a КПП it does not know is the head office", async () => {
    const { directory } = gateway();
    await expect(directory.findByInn("2465000014", "244301001")).resolves.toEqual({
      inn: "2465000014",
      name: "ООО «Ромашка»",
      kpp: "244301001",
      address: "г Ачинск, ул Кирова, д 5",
    });
    expect(seen[0]).toMatchObject({ method: "findById", body: { query: "2465000014", kpp: "244301001" } });
    expect(seen[0].body).not.toHaveProperty("branch_type");
    seen = [];
    await expect(directory.findByInn("2465000014", "246699999")).resolves.toMatchObject({ kpp: "246601001" });
    expect(seen.map((s) => s.body)).toEqual([
      { query: "2465000014", kpp: "246699999" },
      { query: "2465000014", branch_type: "MAIN" },
    ]);
    // A sole trader has no КПП: one ask, for the ИНН.
    seen = [];
    await expect(directory.findByInn("246500012341", "244301001")).resolves.toMatchObject({ inn: "246500012341" });
    expect(seen.map((s) => s.body)).toEqual([{ query: "246500012341", branch_type: "MAIN" }]);
  });

  it("asks a failing register once for a branch, not again for the head office", async () => {
    const { directory, outcomes } = gateway();
    answer = "500";
    await expect(directory.findByInn("2465000014", "244301001")).resolves.toBeUndefined();
    expect(seen).toHaveLength(1);
    expect(outcomes).toEqual(["http_error"]);
  });

  it("asks nothing for an empty or malformed ИНН, or too few digits", async () => {
    const { directory } = gateway();
    await expect(directory.findByInn("")).resolves.toBeUndefined();
    await expect(directory.findByInn(undefined)).resolves.toBeUndefined();
    await expect(directory.findByInn("12345")).resolves.toBeUndefined();
    await expect(directory.suggest("24")).resolves.toEqual([]);
    await expect(directory.suggest("24a5")).resolves.toEqual([]);
    expect(seen).toHaveLength(0);
  });

  it("asks nothing and answers nothing without a key", async () => {
    const { directory } = gateway({});
    expect(directory.enabled).toBe(false);
    await expect(directory.suggest("2465")).resolves.toEqual([]);
    await expect(directory.findByInn("2465000014")).resolves.toBeUndefined();
    expect(seen).toHaveLength(0);
  });

  it("answers nothing when the register fails or answers something else", async () => {
    const { directory, outcomes } = gateway();
    answer = "500";
    await expect(directory.findByInn("2465000014")).resolves.toBeUndefined();
    answer = "garbage";
    await expect(directory.suggest("2465")).resolves.toEqual([]);
    expect(outcomes).toEqual(["http_error", "invalid"]);
  });

  it("gives up after 2 seconds", async () => {
    const { directory, outcomes } = gateway();
    answer = "hang";
    const started = Date.now();
    await expect(directory.findByInn("2465000014")).resolves.toBeUndefined();
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(DADATA_TIMEOUT_MS - 50);
    expect(took).toBeLessThan(DADATA_TIMEOUT_MS + 1000);
    expect(DADATA_TIMEOUT_MS).toBe(2000);
    expect(outcomes).toEqual(["timeout"]);
  });

  it("stops asking when the visitor's request is cancelled, without counting a failure", async () => {
    const { directory, outcomes } = gateway();
    answer = "hang";
    const controller = new AbortController();
    const pending = directory.suggest("2465", { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 50));
    controller.abort();
    await expect(pending).resolves.toEqual([]);
    expect(outcomes).toEqual([]);
  });
});
