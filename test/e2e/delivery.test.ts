/**
 * How leads leave the built server: the client address behind (or without) a proxy, the
 * Idempotency-Key on every notify call, the background retry and its 7-day limit, claims that
 * keep concurrent senders from sending a lead twice, and /metrics. What the store promises (the
 * background retry, one sender per lead, a sender killed or stopped mid-send) is tested on SQLite
 * and on PostgreSQL, the two side by side, each with a fake notify service of its own.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, type TestContext } from "vitest";
import { LEAD_UPLOAD_URL } from "~/lib/lead-forms";
import { startFakeNotify, type FakeNotify } from "../fake-notify";
import { startServer, type RunningServer } from "./harness";
import { consentsIn, freshStoreAt, leadIn, leadsAt, leadsIn, storeEnv, type StoreAt } from "../store-reader";
import { STORE_KINDS } from "../stores";
import { migrate, openStoreDb } from "~server/store/db.server";
import { acceptLead } from "~server/store/leads.server";

const KEY = "delivery-notify-key";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
let notify: FakeNotify;
const servers: RunningServer[] = [];

beforeAll(async () => {
  notify = await startFakeNotify();
});

afterAll(async () => {
  for (const server of servers) await server.stop();
  await notify?.close();
});

beforeEach(() => {
  notify.received = [];
  notify.overlaps = 0;
  notify.mode = "ok";
});

async function server(env: Record<string, string> = {}): Promise<RunningServer> {
  const started = await startServer(env);
  servers.push(started);
  return started;
}

function notifyEnv(extra: Record<string, string> = {}, via = notify): Record<string, string> {
  return { NOTIFY_API_URL: via.url, NOTIFY_API_KEY: KEY, NOTIFY_TIMEOUT_MS: "1000", ...extra };
}

/**
 * A fake notify service for the running test alone (tests run side by side), closed after it by
 * the test's own `onTestFinished`.
 */
async function ownNotify({ onTestFinished }: Pick<TestContext, "onTestFinished">): Promise<FakeNotify> {
  const own = await startFakeNotify();
  onTestFinished(() => own.close());
  return own;
}

const LEAD = { name: "Иванов Иван", phone: "+7 (912) 345-67-89", consent: "on", page: "/delivery" };

let posted = 0;
/**
 * A call-back lead posted to `target`. Each post is another lead unless `comment` says otherwise:
 * the same fields again from the same address within ten minutes would be one visitor's post sent
 * again, and sent once.
 */
function postLead(target: RunningServer, headers: Record<string, string> = {}, comment = `Заявка ${++posted}`) {
  return fetch(`${target.url}/lead/callback`, {
    method: "POST",
    body: new URLSearchParams({ ...LEAD, comment }),
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });
}

interface LeadOnDisk {
  id: string;
  status: string;
  createdAt: string;
  attempts: { at: string; ok: boolean; error?: string }[];
  request: {
    kind: string;
    body?: { fields: { key: string; value: string }[] };
    fields?: { key: string; value: string }[];
  };
}

function leadsOnDisk(dataDir: string): LeadOnDisk[] {
  return leadsIn(dataDir) as LeadOnDisk[];
}

function consentIps(dataDir: string): string[] {
  return consentsIn(dataDir).map((consent) => consent.ip);
}

const keysReceived = (via = notify) => via.received.map((r) => r.headers["idempotency-key"]);

interface ResendRun {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run leads:resend` against the store at `at`, sending to `via` with a notify timeout of
 * `timeoutMs`, as a child process (async: the fake answers from this one).
 */
function startResend(
  at: StoreAt,
  { args = [], via = notify, timeoutMs = 5000 }: { args?: string[]; via?: FakeNotify; timeoutMs?: number } = {},
): { child: ChildProcess; done: Promise<ResendRun> } {
  const child = spawn(process.execPath, ["build/leads-resend.js", ...args], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      ...storeEnv(at),
      ...notifyEnv({ NOTIFY_TIMEOUT_MS: String(timeoutMs) }, via),
    },
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (c) => (stdout += c));
  child.stderr!.on("data", (c) => (stderr += c));
  const done = new Promise<ResendRun>((resolve) =>
    // "close", not "exit": the process has exited and everything it wrote has been read.
    child.on("close", (status, signal) => resolve({ status, signal, stdout, stderr })),
  );
  return { child, done };
}

const resendLeads = (at: StoreAt, options?: Parameters<typeof startResend>[1]) => startResend(at, options).done;

/** The sender holding lead `id` in the store at `at` now, if any. */
const claimOf = async (at: StoreAt, id: string) => (await leadsAt(at)).find((lead) => lead.id === id)?.claimOwner;

/** A lead as an earlier version of the site left it on disk: imported into the store at the next start. */
function writeLead(
  dataDir: string,
  lead: { id: string; createdAt: Date; status: string; attempts: { at: Date; ok: boolean }[]; comment: string },
) {
  const dir = path.join(dataDir, "leads", lead.id);
  fs.mkdirSync(dir, { recursive: true });
  const record = {
    id: lead.id,
    form: "callback",
    createdAt: lead.createdAt.toISOString(),
    status: lead.status,
    request: {
      kind: "json",
      body: {
        name: "callback",
        fields: [
          { key: "name", value: "Старый Лид" },
          { key: "phone", value: "+7(912)345-67-89" },
          { key: "inn", value: "" },
          { key: "comment", value: lead.comment },
          { key: "source", value: "" },
        ],
      },
    },
    attempts: lead.attempts.map((a) => ({
      at: a.at.toISOString(),
      ok: a.ok,
      ...(a.ok ? {} : { error: "notify answered 500" }),
    })),
  };
  fs.writeFileSync(path.join(dir, "lead.json"), JSON.stringify(record, null, 2));
}

const DAY = 24 * 60 * 60 * 1000;

describe("the client address", () => {
  it("with TRUST_PROXY unset, ignores X-Forwarded-For: a new forged address per post still hits the limit, and the consent holds the peer", async () => {
    const site = await server({ LEAD_RATE_LIMIT: "3" });
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++) statuses.push((await postLead(site, { "X-Forwarded-For": `203.0.113.${i}` })).status);
    expect(statuses).toEqual([303, 303, 303, 429, 429]);
    expect(consentIps(site.dataDir)).toEqual(["127.0.0.1", "127.0.0.1", "127.0.0.1"]);
    // Said once in the log, for the operator who left the proxy out of TRUST_PROXY.
    expect(site.logs().match(/X-Forwarded-For from a peer TRUST_PROXY does not trust/g)).toHaveLength(1);
  });

  it("with TRUST_PROXY=loopback (a local nginx), takes the forwarded address for the limit and the consent", async () => {
    const site = await server({ LEAD_RATE_LIMIT: "2", TRUST_PROXY: "loopback" });
    const statuses: number[] = [];
    for (const ip of ["203.0.113.1", "203.0.113.1", "203.0.113.1", "203.0.113.2"])
      statuses.push((await postLead(site, { "X-Forwarded-For": ip })).status);
    expect(statuses).toEqual([303, 303, 429, 303]);
    // The client's own claim before the proxy's entry is not believed: the proxy's last hop is.
    expect((await postLead(site, { "X-Forwarded-For": "198.51.100.9, 203.0.113.3" })).status).toBe(303);
    expect(consentIps(site.dataDir)).toEqual(["203.0.113.1", "203.0.113.1", "203.0.113.2", "203.0.113.3"]);
    expect(site.logs()).not.toContain("X-Forwarded-For from a peer");
  });

  it("counts a lead however it reaches the action: the path's case or escapes, an upload marked as a recalculation; refuses another method before it", async () => {
    const site = await server({ LEAD_RATE_LIMIT: "1" });
    expect((await postLead(site)).status).toBe(303);
    const lead = (method: string, where: string) =>
      fetch(`${site.url}${where}`, {
        method,
        body: new URLSearchParams(LEAD),
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
    const statuses = [];
    for (const [method, where] of [
      ["PUT", "/lead/callback"],
      ["PATCH", "/lead/price"],
      ["DELETE", "/lead/leasing"],
      ["POST", "/LEAD/callback"],
      ["POST", "/le%61d/callback"],
    ])
      statuses.push((await lead(method, where)).status);
    const form = new FormData();
    for (const [k, v] of Object.entries(LEAD)) form.append(k, v);
    form.append("files", new Blob(["артикул;количество\n"]), "список.csv");
    const upload = await fetch(`${site.url}${LEAD_UPLOAD_URL}?intent=recalculate`, {
      method: "POST",
      body: form,
      headers: { Accept: "application/json" },
    });
    statuses.push(upload.status);
    // PUT, PATCH and DELETE are no method of the site's forms: refused before any action.
    expect(statuses).toEqual([405, 405, 405, 429, 429, 429]);
    expect(leadsOnDisk(site.dataDir)).toHaveLength(1);
  });

  it("with LEAD_RATE_LIMIT=0, does not limit", async () => {
    const site = await server({ LEAD_RATE_LIMIT: "0" });
    for (let i = 0; i < 12; i++) expect((await postLead(site)).status).toBe(303);
  });
});

describe("idempotent delivery and the background retry", () => {
  it("sends every lead with its id as Idempotency-Key, JSON and multipart, the body unchanged", async () => {
    const site = await server(notifyEnv());
    expect((await postLead(site, {}, "ключ")).status).toBe(303);
    const form = new FormData();
    for (const [k, v] of Object.entries(LEAD)) form.append(k, v);
    form.append("files", new Blob(["артикул;количество\n"]), "список.csv");
    const upload = await fetch(`${site.url}${LEAD_UPLOAD_URL}`, {
      method: "POST",
      body: form,
      headers: { Accept: "application/json" },
    });
    expect(upload.status).toBe(200);
    expect(notify.received).toHaveLength(2);
    const ids = leadsOnDisk(site.dataDir).map((l) => l.id);
    expect(ids.every((id) => UUID.test(id))).toBe(true);
    expect(new Set(keysReceived())).toEqual(new Set(ids));
    expect(Object.keys(notify.received[0].json!)).toEqual(["name", "fields"]);
    expect(notify.received[1].multipart?.fields.map((f) => f.key)).toEqual(["name", "phone", "comment"]);
  });

  it("re-sends a lead the service took before it hung up, with the same Idempotency-Key", async () => {
    const site = await server(notifyEnv({ NOTIFY_RETRY_BASE_SECONDS: "1" }));
    notify.mode = "hangup";
    const res = await postLead(site, {}, "обрыв");
    // The answer never came: for the site the lead is undelivered, and the visitor is told so.
    expect(res.status).toBe(502);
    expect(notify.received).toHaveLength(1);
    notify.mode = "ok";
    await expect.poll(() => leadsOnDisk(site.dataDir)[0]?.status, { timeout: 15_000 }).toBe("delivered");
    const [lead] = leadsOnDisk(site.dataDir);
    expect(notify.received).toHaveLength(2);
    expect(keysReceived()).toEqual([lead.id, lead.id]);
    expect(notify.received[1].json).toEqual(notify.received[0].json);
    expect(lead.attempts.map((a) => a.ok)).toEqual([false, true]);
  });

  describe("in the background, without the command", () => {
    it.concurrent.for(STORE_KINDS)("%s: delivers an undelivered lead and upload", async (kind, context) => {
      const { expect } = context;
      const via = await ownNotify(context);
      const at = await freshStoreAt(kind, "delivery-background");
      const site = await server({ ...notifyEnv({ NOTIFY_RETRY_BASE_SECONDS: "1" }, via), ...storeEnv(at) });
      via.mode = "fail";
      expect((await postLead(site, {}, "ночью")).status).toBe(502);
      const form = new FormData();
      for (const [k, v] of Object.entries(LEAD)) form.append(k, v);
      form.append("files", new Blob([Buffer.alloc(50_000, 7)], { type: "image/png" }), "photo.png");
      expect(
        (
          await fetch(`${site.url}${LEAD_UPLOAD_URL}`, {
            method: "POST",
            body: form,
            headers: { Accept: "application/json" },
          })
        ).status,
      ).toBe(502);
      expect((await leadsAt(at)).map((l) => l.status)).toEqual(["undelivered", "undelivered"]);
      via.received = [];
      via.mode = "ok";
      await expect
        .poll(async () => (await leadsAt(at)).filter((l) => l.status === "delivered").length, { timeout: 15_000 })
        .toBe(2);
      expect(new Set(keysReceived(via))).toEqual(new Set((await leadsAt(at)).map((l) => l.id)));
      expect(via.received.find((r) => r.multipart)?.multipart?.files[0].size).toBe(50_000);
      // The pass logs once it has been through every lead due, a moment after the last is saved.
      await expect.poll(() => site.logs()).toContain('"msg":"lead retry pass"');
    });
  });

  it("marks a lead waiting for 7 days failed, logs it as an error and keeps it; a younger lead in the old id format is sent under its id", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "delivery-old-"));
    const now = Date.now();
    writeLead(dataDir, {
      id: "20240101093000-0a1b2c3d4e",
      createdAt: new Date(now - 8 * DAY),
      status: "undelivered",
      attempts: [{ at: new Date(now - 8 * DAY), ok: false }],
      comment: "восемь дней",
    });
    writeLead(dataDir, {
      id: "20240102093000-5f6a7b8c9d",
      createdAt: new Date(now - DAY),
      status: "undelivered",
      attempts: [{ at: new Date(now - DAY), ok: false }],
      comment: "один день",
    });
    const site = await server(notifyEnv({ DATA_DIR: dataDir, NOTIFY_RETRY_BASE_SECONDS: "1" }));
    const status = (id: string) => leadsOnDisk(dataDir).find((l) => l.id === id)?.status;
    await expect.poll(() => status("20240101093000-0a1b2c3d4e"), { timeout: 15_000 }).toBe("failed");
    await expect.poll(() => status("20240102093000-5f6a7b8c9d"), { timeout: 15_000 }).toBe("delivered");
    expect(keysReceived()).toEqual(["20240102093000-5f6a7b8c9d"]);
    const errorLines = site
      .logs()
      .split("\n")
      .filter((l) => l.includes('"level":"error"'));
    expect(errorLines).toHaveLength(1);
    expect(errorLines[0]).toContain("20240101093000-0a1b2c3d4e");
    expect(errorLines[0]).toContain("given up");
    expect(leadIn(dataDir, "20240101093000-0a1b2c3d4e")?.status).toBe("failed");
  });
});

describe("leads kept while no notify service was set", () => {
  it("are sent only when asked with --kept", async () => {
    const before = await server({ NOTIFY_API_URL: "", NOTIFY_API_KEY: "" });
    expect((await postLead(before, {}, "до запуска")).status).toBe(303);
    await before.stop();
    const at = { dataDir: before.dataDir };
    expect(leadsOnDisk(at.dataDir).map((lead) => lead.status)).toEqual(["kept"]);

    const plain = await resendLeads(at);
    expect(plain.status).toBe(0);
    expect(plain.stdout).toContain("1 kept while no notify service was set, not sent: npm run leads:resend -- --kept");
    expect(notify.received).toHaveLength(0);

    const withKept = await resendLeads(at, { args: ["--kept"] });
    expect(withKept.status).toBe(0);
    expect(withKept.stdout).toContain("re-sent leads (kept ones too): 1 delivered");
    expect(keysReceived()).toEqual([leadsOnDisk(at.dataDir)[0].id]);
    expect(notify.received[0].json!.fields).toContainEqual(expect.objectContaining({ value: "до запуска" }));
    expect(leadsOnDisk(at.dataDir).map((lead) => lead.status)).toEqual(["delivered"]);
  });
});

describe("one sender per lead", () => {
  // These run side by side, SQLite's and PostgreSQL's alike (each with its own store and fake
  // notify service): the others while the killed sender's claim runs out.
  it.concurrent.for(STORE_KINDS)(
    "%s: after a sender is killed mid-send, the server's retry and two `leads:resend` runs, started as its claim runs out, send the lead once, never two at a time",
    async (kind, context) => {
      const { expect } = context;
      const via = await ownNotify(context);
      const at = await freshStoreAt(kind, "delivery-kill");
      const id = "44444444-4444-4444-8444-444444444444";
      const failedAt = new Date(Date.now() - DAY);
      writeLead(at.dataDir, {
        id,
        createdAt: failedAt,
        status: "undelivered",
        attempts: [{ at: failedAt, ok: false }],
        comment: id,
      });
      // A sender holds the lead in flight and is killed: its claim stays behind, as after a crash.
      // Its claim lasts the notify timeout and ten seconds: a short timeout keeps the wait short.
      via.mode = "hang";
      const killed = startResend(at, { via, timeoutMs: 1000 });
      await expect.poll(() => via.inFlight.get(id) ?? 0, { timeout: 15_000 }).toBe(1);
      killed.child.kill("SIGKILL");
      expect((await killed.done).signal).toBe("SIGKILL");
      const [held] = await leadsAt(at);
      expect(held.claimOwner).toBeDefined();
      await expect.poll(() => via.inFlight.get(id)).toBe(0);

      // Everyone comes as the claim runs out: the server (whose retry finds the lead due) and
      // two runs of the command. Slow answers keep whoever sends it in flight long enough to
      // meet the others.
      await new Promise((resolve) => setTimeout(resolve, Date.parse(held.claimUntil!) + 50 - Date.now()));
      via.mode = "slow";
      via.slowMs = 3000;
      const [site, a, b] = await Promise.all([
        server({
          ...notifyEnv({ NOTIFY_RETRY_BASE_SECONDS: "1", NOTIFY_TIMEOUT_MS: "10000" }, via),
          ...storeEnv(at),
        }),
        resendLeads(at, { via }),
        resendLeads(at, { via }),
      ]);
      await expect.poll(async () => (await leadsAt(at))[0].status, { timeout: 20_000 }).toBe("delivered");
      expect(via.overlaps).toBe(0);
      expect([a.status, b.status], a.stderr + b.stderr).toEqual([0, 0]);
      expect(keysReceived(via)).toEqual([id]);
      expect((await leadsAt(at))[0].attempts.map((attempt) => attempt.ok)).toEqual([false, true]);
      // The claim of the attempt made is given back with its outcome.
      await expect.poll(() => claimOf(at, id)).toBeUndefined();
      expect(site.logs()).not.toContain('"level":"error"');
    },
  );

  it.concurrent.for(STORE_KINDS)(
    "%s: two `leads:resend` runs started at once deliver each of 20 leads exactly once",
    async (kind, context) => {
      const { expect } = context;
      const via = await ownNotify(context);
      const at = await freshStoreAt(kind, "delivery-twenty");
      // 20 undelivered leads, written by a server whose notify service was failing.
      via.mode = "fail";
      const site = await startServer({ ...notifyEnv({ LEAD_RATE_LIMIT: "0" }, via), ...storeEnv(at) });
      const posts = await Promise.all(Array.from({ length: 20 }, (_, i) => postLead(site, {}, `лид ${i}`)));
      expect(posts.map((res) => res.status)).toEqual(Array(20).fill(502));
      await site.stop();
      expect((await leadsAt(at)).filter((l) => l.status === "undelivered")).toHaveLength(20);
      via.received = [];
      // Slow answers keep both runs busy at the same time.
      via.mode = "slow";
      via.slowMs = 150;
      const [a, b] = await Promise.all([resendLeads(at, { via }), resendLeads(at, { via })]);
      expect(a.status, a.stderr).toBe(0);
      expect(b.status, b.stderr).toBe(0);
      expect(via.received).toHaveLength(20);
      expect(new Set(keysReceived(via)).size).toBe(20);
      const delivered = [a, b].map((run) => Number(/(\d+) delivered/.exec(run.stdout)![1]));
      expect(delivered[0] + delivered[1]).toBe(20);
      // Both took part: each left to the other what it was sending.
      expect(delivered.every((n) => n > 0)).toBe(true);
      const leads = await leadsAt(at);
      expect(leads.every((l) => l.status === "delivered" && l.attempts.length === 2)).toBe(true);
      // Every claim was put back.
      expect(leads.filter((lead) => lead.claimOwner)).toEqual([]);
    },
  );

  it.concurrent.for(STORE_KINDS)(
    "%s: leaves a lead claimed by a live sender alone, and takes over a claim left by a crashed one",
    async (kind, context) => {
      const { expect } = context;
      const via = await ownNotify(context);
      const at = await freshStoreAt(kind, "delivery-claims");
      const live = "11111111-1111-4111-8111-111111111111";
      const crashed = "22222222-2222-4222-8222-222222222222";
      const request = (id: string) => ({
        kind: "json",
        body: { name: "callback", fields: [{ key: "comment", value: id }] },
      });
      const store = openStoreDb({ dataDir: at.dataDir, DATABASE_URL: at.databaseUrl });
      await migrate(store);
      // Accepted by a server that is still sending it: its claim holds for a while yet.
      await acceptLead(store, {
        lead: { id: live, form: "callback", request: request(live) },
        owner: "live",
        claimTtlMs: 600_000,
      });
      // Accepted by a server killed mid-send: its claim has run out.
      await acceptLead(store, {
        lead: { id: crashed, form: "callback", request: request(crashed) },
        owner: "killed",
        claimTtlMs: 1000,
        now: Date.now() - 2000,
      });
      await store.close();

      const run = await resendLeads(at, { via });
      expect(run.stdout).toContain("re-sent leads: 1 delivered, 0 still undelivered, 1 left to another sender");
      expect(keysReceived(via)).toEqual([crashed]);
      expect((await leadsAt(at)).find((l) => l.id === live)?.status).toBe("pending");
    },
  );
});

describe("stopping during a retry", () => {
  it.concurrent.for(STORE_KINDS)(
    "%s: abandons the attempt in flight on SIGTERM and exits at once, the lead still waiting",
    async (kind, context) => {
      const { expect } = context;
      const via = await ownNotify(context);
      const at = await freshStoreAt(kind, "delivery-stop");
      const id = "33333333-3333-4333-8333-333333333333";
      writeLead(at.dataDir, {
        id,
        createdAt: new Date(Date.now() - DAY),
        status: "undelivered",
        attempts: [{ at: new Date(Date.now() - DAY), ok: false }],
        comment: "стоп",
      });
      via.mode = "hang";
      const site = await startServer({
        ...notifyEnv({ NOTIFY_RETRY_BASE_SECONDS: "1", NOTIFY_TIMEOUT_MS: "30000" }, via),
        ...storeEnv(at),
      });
      await expect.poll(() => via.started, { timeout: 15_000 }).toBe(1);
      const stopping = Date.now();
      expect(await site.stop("SIGTERM")).toBe(0);
      // Far sooner than the 30 s notify timeout.
      expect(Date.now() - stopping).toBeLessThan(5_000);
      expect(site.logs()).toContain('"msg":"stopped"');
      const [lead] = await leadsAt(at);
      expect(lead.status).toBe("undelivered");
      expect(lead.attempts).toHaveLength(1);
      expect(lead.claimOwner).toBeUndefined();
    },
  );
});

describe("interrupting `leads:resend`", () => {
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    describe(`on ${signal}`, () => {
      it.concurrent.for(STORE_KINDS)(
        `%s: gives back the lead in hand unrecorded, sends no other, and exits ${code} at once`,
        async (kind, context) => {
          const { expect } = context;
          const via = await ownNotify(context);
          const at = await freshStoreAt(kind, "delivery-interrupt");
          const failedAt = new Date(Date.now() - DAY);
          const ids = ["55555555-5555-4555-8555-555555555555", "66666666-6666-4666-8666-666666666666"];
          for (const [i, id] of ids.entries())
            writeLead(at.dataDir, {
              id,
              createdAt: new Date(failedAt.getTime() + i),
              status: "undelivered",
              attempts: [{ at: failedAt, ok: false }],
              comment: id,
            });
          via.mode = "hang";
          const run = startResend(at, { via });
          await expect.poll(() => via.started, { timeout: 15_000 }).toBe(1);
          const interrupted = Date.now();
          run.child.kill(signal);
          const result = await run.done;
          expect(result.status, result.stderr).toBe(code);
          // Far sooner than the 5 s notify timeout.
          expect(Date.now() - interrupted).toBeLessThan(4_000);
          expect(result.stderr).toContain(`interrupted by ${signal}`);
          expect(via.started).toBe(1);
          for (const lead of await leadsAt(at)) {
            expect(lead.status).toBe("undelivered");
            expect(lead.attempts).toHaveLength(1);
            expect(lead.claimOwner).toBeUndefined();
          }
        },
      );
    });
  }
});

describe("/metrics", () => {
  it("is off (404) unless METRICS_TOKEN is set", async () => {
    const site = await server();
    const res = await fetch(`${site.url}/metrics`, { headers: { Authorization: "Bearer anything" } });
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("asks for the bearer token, then reports requests, upstream calls, leads, the retry queue and the catalogue", async () => {
    const token = "metrics-token-5d1e0c9a7b";
    const site = await server(notifyEnv({ METRICS_TOKEN: token }));
    for (const headers of [{}, { Authorization: "Bearer wrong" }, { Authorization: token }] as Record<
      string,
      string
    >[]) {
      const res = await fetch(`${site.url}/metrics`, { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    }
    await fetch(`${site.url}/catalog/parts`);
    await fetch(`${site.url}/catalog/parts/no-such-part`, { redirect: "manual" });
    expect((await postLead(site)).status).toBe(303);
    notify.mode = "fail";
    expect((await postLead(site)).status).toBe(502);

    const res = await fetch(`${site.url}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain;.*version=0\.0\.4/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    const value = (series: string) =>
      Number(new RegExp(`^${series.replace(/[{}"()[\]|.+*?^$\\]/g, "\\$&")} (\\S+)$`, "m").exec(text)?.[1]);
    expect(
      value('http_request_duration_seconds_count{route="routes/catalog.parts._index",method="GET",status="200"}'),
    ).toBe(1);
    expect(
      value('http_request_duration_seconds_count{route="routes/catalog.parts.$slug",method="GET",status="302"}'),
    ).toBe(1);
    expect(value('http_request_duration_seconds_count{route="routes/lead.$form",method="POST",status="303"}')).toBe(1);
    expect(value('http_request_duration_seconds_count{route="metrics",method="GET",status="401"}')).toBe(3);
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="0\.1",route="routes\/catalog\.parts\._index",method="GET",status="200"\} \d+$/m,
    );
    expect(value('upstream_requests_total{upstream="notify",outcome="ok"}')).toBe(1);
    expect(value('upstream_requests_total{upstream="notify",outcome="http_error"}')).toBe(1);
    expect(value('leads{state="delivered"}')).toBe(1);
    expect(value('leads{state="undelivered"}')).toBe(1);
    expect(value('leads{state="failed"}')).toBe(0);
    expect(value('leads{state="kept"}')).toBe(0);
    expect(value("lead_retry_queue_length")).toBe(1);
    expect(value("catalogue_parts")).toBe(360);
    expect(value("catalogue_age_seconds")).toBeGreaterThanOrEqual(0);
    expect(text).toContain("process_resident_memory_bytes");
  });
});
