import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "./config.server";
import type { LeadRecord } from "./lead-record.server";
import { createNotifyGateway, type NotifyGateway } from "./notify-gateway.server";
import { freshStore, type TestStore } from "../test/stores";
import { sql } from "kysely";
import { claimOne, recordOutcome, releaseClaim } from "./store/outbox.server";

let dataDir: string;
let t: TestStore;
let sent: { url: string; headers: Headers; body?: unknown }[];
let answer: "ok" | "500" | "502" | "hang" | "refused";

function gateway(env: Record<string, string> = {}): NotifyGateway {
  const config = parseConfig({
    DATA_DIR: dataDir,
    NOTIFY_API_URL: "http://notify.test",
    NOTIFY_API_KEY: "k",
    NOTIFY_RETRY_BASE_SECONDS: "60",
    ...env,
  });
  const fakeFetch = (async (url: string, init: RequestInit) => {
    sent.push({ url, headers: new Headers(init.headers), body: init.body });
    if (answer === "hang") {
      return new Promise<Response>((_, reject) =>
        init.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
      );
    }
    if (answer === "refused")
      throw new TypeError("fetch failed", {
        cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
      });
    return new Response("{}", { status: answer === "ok" ? 200 : Number(answer) });
  }) as unknown as typeof fetch;
  return createNotifyGateway(config, t.store, { fetch: fakeFetch });
}

beforeEach(async () => {
  t = await freshStore("sqlite");
  dataDir = t.config.dataDir;
  sent = [];
  answer = "ok";
});
/** What another sender does meanwhile in a test (see meanwhile): finished before its folder goes. */
const othersWork: Promise<void>[] = [];
afterEach(async () => {
  await Promise.all(othersWork.splice(0));
  await t.drop();
});

/**
 * Runs `work` after `ms`, as another sender would while the test's own call waits. That call can
 * return as soon as the work has recorded its outcome, before the work has ended (a claim being
 * released): the test's folder is removed only once it has.
 */
function meanwhile(ms: number, work: () => Promise<void>): void {
  othersWork.push(new Promise((resolve, reject) => setTimeout(() => work().then(resolve, reject), ms)));
}

const BODY = { name: "callback", fields: [{ key: "name", value: "Иван" }] };
const MINUTE = 60_000;

async function undelivered(notify: NotifyGateway): Promise<LeadRecord> {
  answer = "500";
  const result = await notify.sendJson("callback", BODY);
  expect(result).toMatchObject({ ok: false, status: "undelivered" });
  sent = [];
  answer = "ok";
  return (await notify.load(result.id))!;
}

describe("the notify gateway", () => {
  it("escapes text as HTML once, when the lead is written, and re-sends it as written", async () => {
    const notify = gateway();
    answer = "500";
    const fields = [
      { key: "name", value: '<b>Тест</b> "Иванов" & сын' },
      { key: "source", value: '<a href="https://faw.example/">Источник</a>', markup: true },
    ];
    const expected = [
      { key: "name", value: '&lt;b&gt;Тест&lt;/b&gt; "Иванов" &amp; сын' },
      { key: "source", value: '<a href="https://faw.example/">Источник</a>' },
    ];
    const result = await notify.sendJson("callback", { name: "callback", fields });
    expect(JSON.parse(String(sent[0].body)).fields).toEqual(expected);
    const stored = await notify.load(result.id);
    expect(stored?.request).toEqual({ kind: "json", body: { name: "callback", fields: expected } });
    answer = "ok";
    await notify.retryPass({ mode: "all" });
    await notify.retryPass({ mode: "all" });
    expect(sent).toHaveLength(2);
    expect(JSON.parse(String(sent[1].body)).fields).toEqual(expected);

    const { id, dir } = await notify.reserve();
    fs.writeFileSync(path.join(dir, "files", "0"), "a;b\n");
    await notify.sendMultipart("parts-list", id, {
      name: "parts-list",
      fields: [{ key: "comment", value: "<script>alert(1)</script> & 'x'" }],
      files: [],
    });
    const form = sent[2].body as FormData;
    expect(form.getAll("fields[]").map((f) => JSON.parse(String(f)))).toEqual([
      { key: "comment", value: "&lt;script&gt;alert(1)&lt;/script&gt; &amp; 'x'" },
    ]);
  });

  it("sends the lead's id as Idempotency-Key with JSON and with multipart", async () => {
    const notify = gateway();
    const json = await notify.sendJson("callback", BODY);
    const { id, dir } = await notify.reserve();
    fs.writeFileSync(path.join(dir, "files", "0"), "a;b\n");
    await notify.sendMultipart("parts-list", id, {
      name: "parts-list",
      fields: [],
      files: [{ name: "a.csv", type: "text/csv", size: 4, path: "files/0" }],
    });
    expect(sent.map((s) => [s.url, s.headers.get("idempotency-key")])).toEqual([
      ["http://notify.test/v1/notify", json.id],
      ["http://notify.test/v1/notify?images=true", id],
    ]);
  });

  it("retries on the backoff schedule, with the same key each time", async () => {
    const notify = gateway();
    const lead = await undelivered(notify);
    const failedAt = Date.parse(lead.attempts[0].at);
    answer = "500";
    // Not yet due: a minute after the first failure.
    expect(await notify.retryPass({ mode: "due", now: failedAt + 30_000 })).toMatchObject({
      delivered: 0,
      undelivered: 0,
      waiting: 1,
    });
    expect(sent).toHaveLength(0);
    expect(await notify.retryPass({ mode: "due", now: failedAt + MINUTE + 1 })).toMatchObject({
      undelivered: 1,
      waiting: 1,
    });
    const second = Date.parse((await notify.load(lead.id))!.attempts[1].at);
    // The next waits two minutes.
    expect(await notify.retryPass({ mode: "due", now: second + MINUTE + 1 })).toMatchObject({
      undelivered: 0,
      waiting: 1,
    });
    answer = "ok";
    expect(await notify.retryPass({ mode: "due", now: second + 2 * MINUTE + 1 })).toMatchObject({
      delivered: 1,
      waiting: 0,
    });
    expect(sent.map((s) => s.headers.get("idempotency-key"))).toEqual([lead.id, lead.id]);
    expect((await notify.load(lead.id))?.status).toBe("delivered");
  });

  it("gives up after 7 days: marked failed and kept, not sent; `leads:resend` (mode all) still sends it", async () => {
    const notify = gateway();
    const lead = await undelivered(notify);
    const report = await notify.retryPass({ mode: "due", now: Date.parse(lead.createdAt) + 7 * 24 * 60 * MINUTE });
    expect(report).toMatchObject({ failed: 1, waiting: 0 });
    expect(sent).toHaveLength(0);
    expect(await notify.load(lead.id)).toMatchObject({ status: "failed" });
    expect(await notify.retryPass({ mode: "due" })).toMatchObject({ failed: 0, delivered: 0 });
    expect(await notify.retryPass({ mode: "all" })).toMatchObject({ delivered: 1 });
    expect((await notify.load(lead.id))?.status).toBe("delivered");
  });

  it("leaves a lead another sender holds to it", async () => {
    const notify = gateway();
    const lead = await undelivered(notify);
    expect(await claimOne(t.store, "leads", lead.id, { owner: "other", ttlMs: MINUTE })).toBeDefined();
    expect(await notify.retryPass({ mode: "all" })).toMatchObject({ delivered: 0, waiting: 1 });
    await releaseClaim(t.store, "leads", lead.id, { owner: "other" });
    expect(sent).toHaveLength(0);
  });

  it("sends a failed lead again at once with what its visitor sent now, under the same key, when the service refused it", async () => {
    const notify = gateway();
    answer = "500";
    const failed = await notify.sendJson("order", BODY, { order: { lines: [], total: 100 } });
    const lead = (await notify.load(failed.id))!;
    sent = [];
    answer = "ok";
    const corrected = { name: "order", fields: [{ key: "name", value: "Иван <Петров>" }] };
    const order = { lines: [], total: 300 };
    expect(await notify.resendJson("order", lead.id, corrected, { order })).toEqual({
      ok: true,
      id: lead.id,
      status: "delivered",
    });
    expect(sent.map((s) => s.headers.get("idempotency-key"))).toEqual([lead.id]);
    expect(JSON.parse(String(sent[0].body)).fields).toEqual([{ key: "name", value: "Иван &lt;Петров&gt;" }]);
    const stored = await notify.load(lead.id);
    expect(stored).toMatchObject({ status: "delivered", order, createdAt: lead.createdAt });
    expect(stored?.attempts.map((a) => a.ok)).toEqual([false, true]);
    // Delivered now: a further send changes and sends nothing, and neither does the retry.
    expect(await notify.resendJson("order", lead.id, BODY)).toEqual({ ok: true, id: lead.id, status: "delivered" });
    expect(await notify.retryPass({ mode: "all" })).toMatchObject({ delivered: 0 });
    expect(sent).toHaveLength(1);
    expect((await notify.load(lead.id))?.request).toEqual(stored?.request);
  });

  it("takes the correction after a connection that never opened, and keeps it for the retry while the service fails", async () => {
    const notify = gateway();
    answer = "refused";
    const first = await notify.sendJson("callback", BODY);
    expect((await notify.load(first.id))?.attempts).toMatchObject([{ ok: false, refused: true }]);
    answer = "500";
    const corrected = { name: "callback", fields: [{ key: "name", value: "Пётр" }] };
    expect(await notify.resendJson("callback", first.id, corrected)).toMatchObject({
      ok: false,
      status: "undelivered",
    });
    answer = "ok";
    expect(await notify.retryPass({ mode: "all" })).toMatchObject({ delivered: 1 });
    expect(sent.map((s) => JSON.parse(String(s.body)).fields[0].value)).toEqual(["Иван", "Пётр", "Пётр"]);
  });

  it("sends the first as it was once any attempt may have reached the service: a timeout, or a gateway's 502", async () => {
    for (const [failure, then] of [
      ["hang", "500"],
      ["502", "500"],
    ] as const) {
      sent = [];
      const notify = gateway({ NOTIFY_TIMEOUT_MS: "200" });
      answer = failure;
      const first = await notify.sendJson("callback", BODY);
      expect(first).toMatchObject({ ok: false, status: "undelivered" });
      // A later attempt refused outright does not undo what the first may have left.
      answer = then;
      await notify.retryPass({ mode: "all" });
      answer = "ok";
      const corrected = { name: "callback", fields: [{ key: "name", value: "Пётр" }] };
      const answered = await notify.resendJson("callback", first.id, corrected, { order: { lines: [], total: 1 } });
      expect(answered).toMatchObject({ ok: true, status: "delivered" });
      expect(sent.map((s) => [s.headers.get("idempotency-key"), JSON.parse(String(s.body)).fields[0].value])).toEqual(
        Array(3).fill([first.id, "Иван"]),
      );
      expect(await notify.load(first.id)).not.toHaveProperty("order");
    }
  });

  it("answers with the outcome of a send in flight, and leaves a kept lead as it is", async () => {
    const notify = gateway({ NOTIFY_TIMEOUT_MS: "300" });
    const lead = await undelivered(notify);
    // Another sender (the retry) holds the next attempt and records it as delivered meanwhile.
    const row = (await claimOne(t.store, "leads", lead.id, { owner: "other", ttlMs: MINUTE }))!;
    meanwhile(100, async () => {
      await recordOutcome(
        t.store,
        "leads",
        row,
        { status: "delivered", attempt: { at: "now", ok: true } },
        { owner: "other" },
      );
    });
    expect(await notify.resendJson("callback", lead.id, { name: "callback", fields: [] })).toEqual({
      ok: true,
      id: lead.id,
      status: "delivered",
    });
    expect(sent).toHaveLength(0);
    expect((await notify.load(lead.id))?.request).toEqual(lead.request);
    const kept = createNotifyGateway(parseConfig({ DATA_DIR: dataDir }), t.store);
    const local = await kept.sendJson("callback", BODY);
    expect(await kept.resendJson("callback", local.id, { name: "callback", fields: [] })).toEqual({
      ok: true,
      id: local.id,
      status: "kept",
    });
    expect((await kept.load(local.id))?.request).toMatchObject({ body: { fields: BODY.fields } });
  });

  it("answers the same order posted twice at once with the first post's outcome, sending it once", async () => {
    const notify = gateway({ NOTIFY_TIMEOUT_MS: "300" });
    const id = "3f2a9c1b-0000-4000-8000-000000000009";
    const [a, b] = await Promise.all([notify.sendJson("order", BODY, { id }), notify.sendJson("order", BODY, { id })]);
    expect([a, b]).toEqual([
      { ok: true, id, status: "delivered" },
      { ok: true, id, status: "delivered" },
    ]);
    expect(sent).toHaveLength(1);
  });

  it("withdraws a failed order its customer replaced: kept on disk, never sent again, after an attempt in flight", async () => {
    const notify = gateway({ NOTIFY_TIMEOUT_MS: "400" });
    answer = "500";
    const order = { lines: [], total: 300 };
    const failed = await notify.sendJson("order", BODY, { order });
    answer = "ok";
    sent = [];
    const next = "00000000-0000-4000-8000-000000000001";
    // The background retry has its next attempt in flight; it fails again meanwhile, and then the
    // order is withdrawn.
    const retry = (await claimOne(t.store, "leads", failed.id, { owner: "retry", ttlMs: MINUTE }))!;
    meanwhile(150, async () => {
      const attempt = { at: "now", ok: false, status: 500 };
      await recordOutcome(
        t.store,
        "leads",
        retry,
        { status: "undelivered", attempt, dueAt: Date.now() + MINUTE },
        { owner: "retry" },
      );
    });
    expect(await notify.replace(failed.id, next)).toBe(true);
    const withdrawn = await notify.load(failed.id);
    expect(withdrawn).toMatchObject({ status: "replaced", replacedBy: next, order });
    expect(withdrawn?.attempts).toHaveLength(2);
    for (const mode of ["due", "all"] as const)
      expect(await notify.retryPass({ mode, now: Date.now() + 60 * MINUTE })).toMatchObject({
        delivered: 0,
        waiting: 0,
      });
    expect(await notify.resendJson("order", failed.id, BODY)).toMatchObject({ ok: false, status: "replaced" });
    expect(sent).toHaveLength(0);
    // Once withdrawn, or once delivered, there is nothing to withdraw.
    expect(await notify.replace(failed.id, next)).toBe(false);
    const delivered = await notify.sendJson("order", BODY);
    expect(await notify.replace(delivered.id, next)).toBe(false);
    expect((await notify.load(delivered.id))?.status).toBe("delivered");
  });

  it("leaves a failed order to its attempt when that outlasts the wait, and withdraws it before the new order is sent", async () => {
    const notify = gateway({ NOTIFY_TIMEOUT_MS: "200" });
    const earlier = await undelivered(notify);
    await claimOne(t.store, "leads", earlier.id, { owner: "retry", ttlMs: MINUTE });
    expect(await notify.replace(earlier.id, "00000000-0000-4000-8000-000000000002")).toBe(false);
    await releaseClaim(t.store, "leads", earlier.id, { owner: "retry" });
    expect((await notify.load(earlier.id))?.status).toBe("undelivered");
    // Sent with the withdrawal as its step between being written and being sent.
    // The new order is on disk (written, not yet sent) when the earlier one is withdrawn.
    let seenOnDisk: unknown;
    const result = await notify.sendJson("order", BODY, {
      beforeSend: async () => {
        seenOnDisk = (
          await t.store.db.selectFrom("leads").select("form").where("status", "=", "pending").execute()
        ).map((l) => l.form);
        await notify.replace(earlier.id, "new");
      },
    });
    expect(seenOnDisk).toEqual(["order"]);
    expect(sent).toHaveLength(1);
    expect(result).toMatchObject({ ok: true, status: "delivered" });
    expect(await notify.load(earlier.id)).toMatchObject({ status: "replaced", replacedBy: "new" });
  });

  it("sends nothing it could not write, and takes the order's id afresh at its next send", async () => {
    const notify = gateway();
    const id = "3f2a9c1b-0000-4000-8000-000000000001";
    // The store refuses the lead (as a full disk would).
    await sql
      .raw("create trigger refuse before insert on leads begin select raise(abort, 'disk full'); end")
      .execute(t.store.db);
    expect(await notify.sendJson("order", BODY, { id })).toEqual({ ok: false, id, status: "not written" });
    expect(sent).toHaveLength(0);
    expect(await notify.load(id)).toBeUndefined();
    // Sent again once the disk has room: written and delivered.
    await sql.raw("drop trigger refuse").execute(t.store.db);
    expect(await notify.sendJson("order", BODY, { id })).toEqual({ ok: true, id, status: "delivered" });
    expect(sent.map((s) => s.headers.get("idempotency-key"))).toEqual([id]);
  });

  it("abandons the attempt in flight when stopped, recording nothing and putting the claim back", async () => {
    const notify = gateway({ NOTIFY_TIMEOUT_MS: "60000" });
    const lead = await undelivered(notify);
    answer = "hang";
    const stop = new AbortController();
    const pass = notify.retryPass({ mode: "all", signal: stop.signal });
    await expect.poll(() => sent.length).toBe(1);
    stop.abort();
    expect(await pass).toMatchObject({ delivered: 0, undelivered: 0, waiting: 1 });
    expect((await notify.load(lead.id))?.attempts).toHaveLength(1);
    expect(
      await t.store.db.selectFrom("leads").select("claim_owner").where("id", "=", lead.id).executeTakeFirst(),
    ).toEqual({
      claim_owner: null,
    });
    // What it sent may have reached the service: a correction sent after it does not replace the lead.
    expect(await notify.load(lead.id)).toMatchObject({ mayHaveReached: true });
    answer = "ok";
    const corrected = { name: "callback", fields: [{ key: "name", value: "Пётр" }] };
    expect(await notify.resendJson("callback", lead.id, corrected)).toMatchObject({ ok: true, status: "delivered" });
    expect(JSON.parse(String(sent.at(-1)!.body)).fields).toEqual(BODY.fields);
  });

  it("answers the same post again with its first lead's success, sending nothing, also once that lead was pruned", async () => {
    const notify = gateway();
    const repeat = "a".repeat(64);
    const first = await notify.sendLead("callback", BODY, { repeat });
    expect(first).toMatchObject({ ok: true, status: "delivered" });
    expect(await notify.sendLead("callback", BODY, { repeat })).toEqual(first);
    // Deleted right after delivery (LEAD_RETENTION_DAYS=0): the repeat is still the same success.
    await t.store.db.deleteFrom("leads").where("id", "=", first.id).execute();
    expect(await notify.sendLead("callback", BODY, { repeat })).toEqual(first);
    expect(sent).toHaveLength(1);
  });

  it("keeps leads locally with no notify service, and the retry has nothing to do", async () => {
    const config = parseConfig({ DATA_DIR: dataDir });
    const notify = createNotifyGateway(config, t.store);
    expect(await notify.sendJson("callback", BODY)).toMatchObject({ ok: true, status: "kept" });
    expect(await notify.retryPass({ mode: "all" })).toMatchObject({ delivered: 0, waiting: 0 });
  });
});
