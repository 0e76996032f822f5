/**
 * Faults of the two upstreams, against the built server. The parts API (a local fake) down,
 * slow, failing, malformed or far too big: the spec's error when nothing is cached, the cached
 * copy when something is. The notify service failing, hanging, refusing or slow: the spec's
 * error for the visitor, the lead kept in the store as undelivered, and `leads:resend` delivering
 * it later exactly once, on SQLite and on PostgreSQL side by side.
 */
import { spawn } from "node:child_process";
import http from "node:http";
import { listenOnLoopback } from "../server-process";
import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from "vitest";
import { LEAD_UPLOAD_URL } from "~/lib/lead-forms";
import { generateParts } from "~server/demo-catalogue.server";
import type { StoreKind } from "~server/store/db.server";
import { startFakeNotify, type FakeNotify } from "../fake-notify";
import { freePort, startServer, type RunningServer } from "./harness";
import { freshStoreAt, leadsAt, storeEnv, type StoreAt } from "../store-reader";
import { STORE_KINDS } from "../stores";

const LIST_ERROR = "Произошла ошибка при загрузке данных";
const PART_ERROR = "Произошла ошибка при получении данных";
const FORM_ERROR = "Произошла ошибка при отправке формы, попробуйте позже";
const ORDER_ERROR = "Произошла ошибка при оформлении заказа, попробуйте позже";

// ---------------------------------------------------------------------------------------------
// The parts API

type PartsMode = "ok" | "500" | "malformed" | "wrong-shape" | "slow" | "huge" | "down";
const groups = generateParts(30);
const catalogueJson = JSON.stringify(groups);
const part = groups.flatMap((g) => g.parts)[0];

interface FakeParts {
  url: string;
  mode: PartsMode;
  requests: number;
  /** Bytes of each 50 MB answer written before the site stopped reading. */
  hugeBytesWritten: number[];
  close(): Promise<void>;
}

async function startFakeParts(): Promise<FakeParts> {
  const state: FakeParts = { url: "", mode: "ok", requests: 0, hugeBytesWritten: [], close: async () => {} };
  const server = http.createServer((req, res) => {
    state.requests++;
    switch (state.mode) {
      case "ok":
        res.writeHead(200, { "content-type": "application/json" }).end(catalogueJson);
        return;
      case "500":
        res.writeHead(500, { "content-type": "application/json" }).end('{"error":"boom"}');
        return;
      case "malformed":
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(catalogueJson.slice(0, catalogueJson.length / 2));
        return;
      case "wrong-shape":
        res.writeHead(200, { "content-type": "application/json" }).end('{"groups":"nope","parts":[1,2,3]}');
        return;
      case "slow":
        setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end(catalogueJson), 3000).unref();
        return;
      case "huge": {
        // 50 MB, chunked (no Content-Length to refuse up front): the read itself must stop.
        res.writeHead(200, { "content-type": "application/json" });
        const chunk = Buffer.alloc(1024 * 1024, 0x20);
        chunk.write('[{"group":"x","parts":[');
        let sent = 0;
        const slot = state.hugeBytesWritten.push(0) - 1;
        const pump = () => {
          while (sent < 50 && !res.destroyed) {
            sent++;
            state.hugeBytesWritten[slot] += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", pump);
          }
          if (!res.destroyed) res.end("]}]");
        };
        res.on("error", () => {});
        pump();
        return;
      }
      case "down":
        req.socket.destroy();
        return;
    }
  });
  return Object.assign(state, await listenOnLoopback(server));
}

let parts: FakeParts;
let refusedUrl: string;
const servers: RunningServer[] = [];

async function partsServer(mode: PartsMode | "refused"): Promise<RunningServer> {
  const server = await startServer({
    PARTS_API_URL: mode === "refused" ? refusedUrl : parts.url,
    PARTS_TIMEOUT_MS: "500",
    PARTS_CACHE_TTL_SECONDS: "1",
    // The 50 MB answer is over this cap (the default, 256 MB, would read it whole).
    PARTS_MAX_BYTES: String(20 * 1024 * 1024),
  });
  servers.push(server);
  return server;
}

async function page(server: RunningServer, pathname: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${server.url}${pathname}`, { redirect: "manual" });
  return { status: res.status, text: await res.text() };
}

function expectCleanLog(server: RunningServer) {
  // Upstream failures are logged as such; nothing may escape as an unhandled error.
  expect(server.logs()).not.toMatch(/unhandled error|Unhandled|TypeError|ReferenceError| {4}at /);
}

beforeAll(async () => {
  parts = await startFakeParts();
  refusedUrl = `http://127.0.0.1:${await freePort()}`;
});

afterAll(async () => {
  for (const server of servers) await server.stop();
  await parts?.close();
});

const BROKEN: (PartsMode | "refused")[] = ["refused", "500", "malformed", "wrong-shape", "slow", "huge"];

describe("the parts API fails and nothing is cached", () => {
  it.each(BROKEN)("%s: the list and the part page show the spec's errors", async (mode) => {
    parts.mode = mode === "refused" ? "ok" : mode;
    parts.hugeBytesWritten = [];
    // A fresh server per page, so each one asks the upstream itself (no failure back-off in between).
    for (const [pathname, message] of [
      ["/catalog/parts", LIST_ERROR],
      [`/catalog/parts/${part.slug}`, PART_ERROR],
    ] as const) {
      const server = await partsServer(mode);
      const answer = await page(server, pathname);
      expect(answer.status).toBe(503);
      expect(answer.text).toContain(message);
      expect(answer.text).not.toContain(part.name);
      // The rest of the site still works without the catalogue.
      expect((await page(server, "/contacts")).status).toBe(200);
      // The log line travels through the server's stdout, a moment after the answer.
      await expect.poll(() => server.logs()).toContain('"msg":"parts upstream failed"');
      // The deadline held (PARTS_TIMEOUT_MS is 500 ms): the slow upstream's whole catalogue, 3 s later, was not awaited.
      if (mode === "slow") expect(server.logs()).toContain('"error":"timeout"');
      expectCleanLog(server);
      await server.stop();
    }
    // The read stops at PARTS_MAX_BYTES (20 MB here); what else was written sits in socket buffers.
    if (mode === "huge") for (const bytes of parts.hugeBytesWritten) expect(bytes).toBeLessThan(35 * 1024 * 1024);
  });
});

describe("the parts API fails after a good answer", () => {
  it.each(BROKEN)("%s: the cached copy is shown", async (mode) => {
    parts.mode = "ok";
    const server = await partsServer(mode === "refused" ? "ok" : mode);
    const primedList = await page(server, "/catalog/parts");
    expect(primedList.status).toBe(200);
    expect(primedList.text).toContain('data-testid="part-row"');
    expect((await page(server, `/catalog/parts/${part.slug}`)).text).toContain(part.name);

    // Break it and keep asking while the copy goes stale (TTL 1 s) and its refresh fails, and
    // twice more after that: the cached copy is served throughout.
    const before = parts.requests;
    if (mode === "refused") await parts.close();
    else parts.mode = mode;
    const refreshFailed = () => server.logs().includes('"servedStale":true');
    const deadline = Date.now() + 10_000;
    let rounds = 0;
    let afterFailure = 0;
    while (rounds < 3 || afterFailure < 2) {
      const failed = refreshFailed();
      const list = await page(server, "/catalog/parts");
      expect(list.status).toBe(200);
      expect(list.text).toContain('data-testid="part-row"');
      expect(list.text).not.toContain(LIST_ERROR);
      const item = await page(server, `/catalog/parts/${part.slug}`);
      expect(item.status).toBe(200);
      expect(item.text).toContain(part.name);
      expect(item.text).not.toContain(PART_ERROR);
      rounds++;
      if (failed) afterFailure++;
      else if (Date.now() > deadline) throw new Error("the refresh of the stale copy never failed");
      else if (!refreshFailed()) await new Promise((r) => setTimeout(r, 100));
    }
    // The refresh really went to the broken upstream and failed.
    if (mode !== "refused") expect(parts.requests).toBeGreaterThan(before);
    await expect.poll(() => server.logs().includes('"servedStale":true'), { timeout: 5000 }).toBe(true);
    expectCleanLog(server);
    await server.stop();
    if (mode === "refused") parts = await startFakeParts();
  });
});

// ---------------------------------------------------------------------------------------------
// The notify service

const KEY = "faults-notify-key";
// A part in stock in the demo catalogue the servers below run on (DEMO_PARTS_COUNT's default).
const inStockId = generateParts(360)
  .flatMap((g) => g.parts)
  .find((p) => p.balance > 0)!.id;

/** Each run's leads are another visitor's (the same fields again would be the first lead sent again). */
let submissions = 0;

/**
 * Three leads and an order posted to `server` at once, each answered with the spec's error (the
 * notify service failing): the number of leads the store keeps for them.
 */
async function submitAll(server: RunningServer, expect: ExpectStatic): Promise<number> {
  submissions++;
  const post = (pathname: string, body: BodyInit, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${pathname}`, { method: "POST", body, redirect: "manual", headers });
  const lead = new URLSearchParams({
    name: "Иванов Иван",
    phone: "+7 (912) 345-67-89",
    consent: "on",
    page: "/delivery",
    comment: `Сбой ${submissions}`,
  });

  // Four visitors at once, as a busy day brings them: each waits out its own send.
  const form = new FormData();
  for (const [k, v] of lead) form.append(k, v);
  form.append("files", new Blob([Buffer.alloc(200_000, 3)], { type: "image/png" }), "photo.png");
  const plain = { "Content-Type": "application/x-www-form-urlencoded" };
  const [doc, price, upload, order] = await Promise.all([
    // A plain form post: the page again, with the spec's error.
    post("/lead/callback", lead, plain),
    // Another form, posted as a plain form too.
    post("/lead/price", lead, plain),
    // The parts list with a file, as its upload XHR sends it: JSON with the same error.
    post(LEAD_UPLOAD_URL, form, { Accept: "application/json" }),
    // The order.
    post(
      "/make-order",
      new URLSearchParams({
        name: "Иванов Иван",
        phone: "+7 (912) 345-67-89",
        consent: "on",
        email: "a@b.ru",
        city: "Красноярск",
      }),
      { ...plain, Cookie: `cart=${inStockId}.1` },
    ),
  ]);
  expect(doc.status).toBe(502);
  expect(await doc.text()).toContain(FORM_ERROR);
  expect(price.status).toBe(502);
  expect(await price.text()).toContain(FORM_ERROR);
  expect(upload.status).toBe(502);
  expect((await upload.json()).formError).toBe(FORM_ERROR);
  expect(order.status).toBe(502);
  expect(await order.text()).toContain(ORDER_ERROR);
  return 4;
}

/** One store's side of the tests below: its own fake notify service, store and server. */
interface Side {
  notify: FakeNotify;
  at: StoreAt;
  /** The server of the failing, hanging and slow service. */
  server: RunningServer;
  /** Leads kept undelivered so far. */
  expected: number;
}

describe("the notify service fails", () => {
  const sides = new Map<StoreKind, Side>();
  const side = (kind: StoreKind) => sides.get(kind)!;
  const serverEnv = (notifyUrl: string, at: StoreAt) => ({
    ...storeEnv(at),
    NOTIFY_API_URL: notifyUrl,
    NOTIFY_API_KEY: KEY,
    NOTIFY_TIMEOUT_MS: "1000",
    // Every submission is counted by the visitor's limit: none may be refused for it.
    LEAD_RATE_LIMIT: "0",
  });

  beforeAll(async () => {
    await Promise.all(
      STORE_KINDS.map(async (kind) => {
        const notify = await startFakeNotify();
        const at = await freshStoreAt(kind, "faults");
        const server = await startServer(serverEnv(notify.url, at));
        servers.push(server);
        sides.set(kind, { notify, at, server, expected: 0 });
      }),
    );
  });

  afterAll(async () => {
    for (const { notify } of sides.values()) await notify.close();
  });

  const undelivered = async (at: StoreAt) => (await leadsAt(at)).filter((l) => l.status === "undelivered");

  describe.each(["fail", "hang", "slow"] as const)("answering %s", (mode) => {
    it.concurrent.for(STORE_KINDS)(
      "%s: the visitor sees the error and the lead is kept as undelivered",
      async (kind, { expect }) => {
        const { notify, at, server } = side(kind);
        notify.mode = mode;
        notify.slowMs = 2500;
        notify.received = [];
        const before = new Set((await leadsAt(at)).map((l) => l.id));
        side(kind).expected += await submitAll(server, expect);
        const kept = (await undelivered(at)).filter((l) => !before.has(l.id));
        expect(kept).toHaveLength(4);
        expect(kept.every((l) => l.attempts.length === 1 && !l.attempts[0].ok)).toBe(true);
        // Each submission was bounded by NOTIFY_TIMEOUT_MS (1 s): a service that never answers, or
        // answers after 2.5 s, was given up on, and the visitor was answered meanwhile.
        if (mode !== "fail") expect(kept.map((l) => l.attempts[0].error)).toEqual(Array(4).fill("timeout"));
        if (mode !== "fail") expect(notify.received).toHaveLength(0);
        expectCleanLog(server);
      },
    );
  });

  describe("refusing connections", () => {
    it.concurrent.for(STORE_KINDS)(
      "%s: the visitor sees the error and the lead is kept as undelivered",
      async (kind, { expect }) => {
        const { at } = side(kind);
        const server = await startServer(serverEnv(`http://127.0.0.1:${await freePort()}`, at));
        servers.push(server);
        const before = (await undelivered(at)).length;
        side(kind).expected += await submitAll(server, expect);
        expect((await undelivered(at)).length - before).toBe(4);
        expectCleanLog(server);
        await server.stop();
      },
    );
  });

  describe("back again", () => {
    it.concurrent.for(STORE_KINDS)(
      "%s: `leads:resend` delivers every kept lead once, and a second run sends nothing",
      async (kind, { expect }) => {
        const { notify, at, expected } = side(kind);
        notify.mode = "ok";
        notify.received = [];
        expect(await undelivered(at)).toHaveLength(expected);

        const first = await resendLeads(at, notify);
        expect(first.status, first.stderr).toBe(0);
        expect(first.stdout).toContain(`re-sent leads: ${expected} delivered, 0 still undelivered`);
        expect(notify.received).toHaveLength(expected);
        expect(notify.received.filter((r) => r.multipart)).toHaveLength(expected / 4);
        expect(
          notify.received.filter((r) => r.multipart?.files.length === 1 && r.multipart.files[0].size === 200_000),
        ).toHaveLength(expected / 4);
        expect(notify.received.filter((r) => r.json?.name === "order")).toHaveLength(expected / 4);
        expect(notify.received.every((r) => r.headers["x-api-key"] === KEY)).toBe(true);
        expect((await leadsAt(at)).every((l) => l.status === "delivered")).toBe(true);

        const second = await resendLeads(at, notify);
        expect(second.status).toBe(0);
        expect(second.stdout).toContain("re-sent leads: 0 delivered, 0 still undelivered");
        expect(notify.received).toHaveLength(expected);
      },
    );
  });
});

/** `npm run leads:resend` on the store at `at`, as a child process (async: the fake notify service answers from this one). */
function resendLeads(
  at: StoreAt,
  notify: FakeNotify,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["build/leads-resend.js"], {
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        ...storeEnv(at),
        NOTIFY_API_URL: notify.url,
        NOTIFY_API_KEY: KEY,
      },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}
