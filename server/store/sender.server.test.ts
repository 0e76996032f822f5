/**
 * The sending pass over the store, on SQLite and PostgreSQL: each due lead goes to one of the
 * senders passing at once, with its own key and bytes on every attempt; a failure is retried on
 * the schedule; a stop gives the claim back; a killed sender's claim expires; seven days unsent
 * is given up, which only the re-send command tries again.
 */
import crypto from "node:crypto";
import { freshStore, STORE_KINDS, type TestStore } from "../../test/stores";
import { openStoreDb } from "./db.server";
import { acceptLead, loadLead } from "./leads.server";
import type { OutboxRow } from "./outbox.server";
import { sendPass, StoppedError, type AttemptResult } from "./sender.server";

const TTL = 30_000;
const BASE = 60_000;
const newLead = () => ({
  id: crypto.randomUUID(),
  form: "callback",
  request: { kind: "json", body: { name: "callback", fields: [{ key: "phone", value: crypto.randomUUID() }] } },
});
/** A lead accepted by a server that died before its first attempt: due once `ttl` is over. */
const orphan = (t: TestStore, at: number, ttl = 0) =>
  acceptLead(t.store, { lead: newLead(), claimTtlMs: ttl, owner: "killed", now: at });

describe.each(STORE_KINDS)("sending from the store on %s", (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await freshStore(kind);
  });
  afterEach(async () => {
    await t.drop();
  });

  it("sends each due lead once, with its own key and bytes, among senders passing at once", async () => {
    const t0 = Date.now() - 1000;
    for (let i = 0; i < 30; i++) await orphan(t, t0);
    const sent: { key: string; body: string }[] = [];
    const send = async (row: OutboxRow<"leads">): Promise<AttemptResult> => {
      sent.push({ key: row.id, body: row.request });
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { ok: true };
    };
    const other = openStoreDb(t.config);
    try {
      const reports = await Promise.all(
        [t.store, other].map((store, i) =>
          sendPass(store, "leads", send, { mode: "due", baseMs: BASE, claimTtlMs: TTL, owner: `server-${i}` }),
        ),
      );
      expect(reports.reduce((n, r) => n + r.delivered, 0)).toBe(30);
    } finally {
      await other.close();
    }
    expect(new Set(sent.map((s) => s.key)).size).toBe(30);
    expect(sent).toHaveLength(30);
    const rows = await t.store.db.selectFrom("leads").select(["id", "status", "request"]).execute();
    for (const s of sent)
      expect(rows.find((r) => r.id === s.key)).toMatchObject({ status: "delivered", request: s.body });
  });

  it("claims each lead only when its attempt starts, so no claim runs out while earlier attempts take their time", async () => {
    for (let i = 0; i < 3; i++) await orphan(t, Date.now() - 1000);
    let clock = Date.now();
    const sent: string[] = [];
    const options = (owner: string) => ({
      mode: "due" as const,
      baseMs: BASE,
      claimTtlMs: TTL,
      owner,
      now: () => clock,
    });
    // Each attempt of the first sender takes most of a claim's time; another sender passes during its second.
    const slow = async (row: OutboxRow<"leads">): Promise<AttemptResult> => {
      sent.push(row.id);
      clock += TTL * 0.6;
      if (sent.length === 2)
        await sendPass(t.store, "leads", async (other) => (sent.push(other.id), { ok: true }), options("other"));
      return { ok: true };
    };
    await sendPass(t.store, "leads", slow, options("first"));
    expect(sent).toHaveLength(3);
    expect(new Set(sent).size).toBe(3);
  });

  it("retries a failed lead when due, under the same key with the same bytes", async () => {
    let clock = Date.now();
    const { id } = await orphan(t, clock - 1);
    const attempts: string[] = [];
    let answer: AttemptResult = { ok: false, error: "notify answered 503", status: 503, refused: true };
    const pass = () =>
      sendPass(
        t.store,
        "leads",
        async (row) => {
          attempts.push(`${row.id} ${row.request}`);
          return answer;
        },
        { mode: "due", baseMs: BASE, claimTtlMs: TTL, now: () => clock },
      );
    expect(await pass()).toMatchObject({ undelivered: 1, waiting: 1, nextDueAt: clock + BASE });
    clock += BASE - 1;
    expect(await pass()).toMatchObject({ delivered: 0, undelivered: 0 });
    clock += 1;
    answer = { ok: true };
    expect(await pass()).toMatchObject({ delivered: 1, waiting: 0 });
    expect(attempts).toHaveLength(2);
    expect(attempts[1]).toBe(attempts[0]);
    expect(attempts[0].startsWith(id)).toBe(true);
    const row = (await loadLead(t.store, id))!;
    expect(JSON.parse(row.attempts)).toMatchObject([{ ok: false, status: 503, refused: true }, { ok: true }]);
  });

  it("gives the claim back when stopped mid-send, marked as maybe delivered; the next pass sends it again", async () => {
    const { id } = await orphan(t, Date.now() - 1);
    const stop = new AbortController();
    const report = await sendPass(
      t.store,
      "leads",
      (_row, signal) =>
        new Promise<AttemptResult>((_resolve, reject) => {
          signal!.addEventListener("abort", () => reject(new StoppedError("stopping")));
          stop.abort();
        }),
      { mode: "due", baseMs: BASE, claimTtlMs: TTL, signal: stop.signal },
    );
    expect(report).toMatchObject({ delivered: 0, undelivered: 0, waiting: 1 });
    expect(await loadLead(t.store, id)).toMatchObject({ claim_owner: null, may_have_reached: 1, attempt_count: 0 });
    const again = await sendPass(t.store, "leads", async () => ({ ok: true }), {
      mode: "due",
      baseMs: BASE,
      claimTtlMs: TTL,
    });
    expect(again.delivered).toBe(1);
  });

  it("holds a lead of a killed sender no longer than its claim", async () => {
    const t0 = Date.now();
    await orphan(t, t0, TTL);
    const pass = (at: number) =>
      sendPass(t.store, "leads", async () => ({ ok: true }), {
        mode: "due",
        baseMs: BASE,
        claimTtlMs: TTL,
        now: () => at,
      });
    expect((await pass(t0 + TTL - 1)).delivered).toBe(0);
    expect((await pass(t0 + TTL + 1)).delivered).toBe(1);
  });

  it("tries every unsent lead once in a pass over all, however many fail again", async () => {
    const t0 = Date.now() - 1000;
    for (let i = 0; i < 25; i++) await orphan(t, t0);
    const tried: string[] = [];
    const report = await sendPass(
      t.store,
      "leads",
      async (row) => {
        tried.push(row.id);
        return { ok: false, error: "notify answered 500", status: 500, refused: true };
      },
      { mode: "all", baseMs: BASE, claimTtlMs: TTL },
    );
    expect(report).toMatchObject({ undelivered: 25, waiting: 25 });
    expect(new Set(tried).size).toBe(25);
    expect(tried).toHaveLength(25);
    const held = await t.store.db.selectFrom("leads").select("id").where("claim_owner", "is not", null).execute();
    expect(held).toEqual([]);
  });

  it("gives a lead up after seven days; only a pass over all sends it then", async () => {
    const t0 = Date.now() - 7 * 24 * 60 * 60 * 1000;
    const { id } = await orphan(t, t0);
    const send = vi.fn(async (): Promise<AttemptResult> => ({ ok: true }));
    expect(await sendPass(t.store, "leads", send, { mode: "due", baseMs: BASE, claimTtlMs: TTL })).toMatchObject({
      failed: 1,
    });
    expect(send).not.toHaveBeenCalled();
    expect((await loadLead(t.store, id))!.status).toBe("failed");
    expect(await sendPass(t.store, "leads", send, { mode: "all", baseMs: BASE, claimTtlMs: TTL })).toMatchObject({
      delivered: 1,
    });
  });
});
