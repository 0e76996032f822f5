/**
 * The store's contract, the same against SQLite and PostgreSQL: a lead is written whole or not
 * at all, one sender at a time holds it, an expired claim is taken over, the retry finds it when
 * due, pruning removes what has served its purpose and never what is unsent, a repeated post is
 * recognised, and the cookie secret is one for every server.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { promisify } from "node:util";
import { freshStore, STORE_KINDS, type TestStore } from "../../test/stores";
import { migrate, openStoreDb, sqliteFile } from "./db.server";
import { acceptLead, loadLead, loadLeadFiles, loadOrder, repeatHash, withdrawLead } from "./leads.server";
import { claimDue, claimOne, countByStatus, recordOutcome, releaseClaim } from "./outbox.server";
import { prune } from "./prune.server";
import { cookieSecret, recordConsent } from "./settings.server";

const TTL = 30_000;
const DAY = 24 * 60 * 60 * 1000;
const lead = (form = "callback", extra: object = {}) => ({
  id: crypto.randomUUID(),
  form,
  request: { kind: "json", body: { name: form, fields: [{ key: "phone", value: "+7 (900) 000-00-00" }] } },
  ...extra,
});

/** Opens the store in a process of its own and migrates it: the names of the migrations it applied. */
async function migrateInProcess(config: TestStore["config"]): Promise<string[]> {
  const script = `
    import { migrate, openStoreDb } from "./server/store/db.server.ts";
    const store = openStoreDb(JSON.parse(process.env.STORE_CONFIG));
    console.log(JSON.stringify(await migrate(store)));
    await store.close();`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", script],
    { env: { ...process.env, STORE_CONFIG: JSON.stringify(config) } },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as string[];
}

describe.each(STORE_KINDS)("the store on %s", (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await freshStore(kind);
  });
  afterEach(async () => {
    await t.drop();
  });

  it("migrates once, also when servers start together", async () => {
    // Processes of their own, as servers are (two SQLite connections of one thread cannot wait for each other).
    const fresh = await freshStore(kind, { migrated: false });
    try {
      const runs = await Promise.all([0, 1].map(() => migrateInProcess(fresh.config)));
      expect(runs.flat()).toEqual([
        "001-initial",
        "002-onec-catalogue",
        "003-order-statuses",
        "004-onec-pictures",
        "005-onec-second-table",
      ]);
      expect(await migrate(fresh.store)).toEqual([]);
    } finally {
      await fresh.drop();
    }
  }, 30_000);

  it("writes a lead with its files, order, e-mail and consent in one transaction, or nothing", async () => {
    const files = [
      { name: "список.xlsx", type: "application/octet-stream", data: crypto.randomBytes(10 * 1024 * 1024) },
      { name: "фото.jpg", type: "image/jpeg", data: Buffer.from("jpeg") },
    ];
    const a = lead("parts-list", { files });
    await acceptLead(t.store, {
      lead: a,
      order: { number: "1234-5678", data: { total: 100 }, invoice: { vatPercent: 20 } },
      mail: { to: "buyer@example.ru" },
      consent: { at: new Date().toISOString(), ip: "10.0.0.1", form: "parts-list", version: "v1" },
      claimTtlMs: TTL,
    });
    const stored = await loadLeadFiles(t.store, a.id);
    expect(stored.map((f) => [f.name, f.size])).toEqual([
      ["список.xlsx", files[0].data.length],
      ["фото.jpg", 4],
    ]);
    // Read back as a Buffer from either database, whatever the driver hands over.
    expect(stored.every((f) => Buffer.isBuffer(f.data))).toBe(true);
    expect(stored[0].data.equals(files[0].data)).toBe(true);
    expect(JSON.parse((await loadOrder(t.store, { number: "1234-5678" }))!.invoice!)).toEqual({ vatPercent: 20 });

    // The same order number again: the whole second lead is refused, nothing of it kept.
    const b = lead("order");
    await expect(
      acceptLead(t.store, {
        lead: b,
        order: { number: "1234-5678", data: {} },
        mail: { to: "x@example.ru" },
        claimTtlMs: TTL,
      }),
    ).rejects.toThrow();
    expect(await loadLead(t.store, b.id)).toBeUndefined();
    const mails = await t.store.db.selectFrom("mails").select("id").execute();
    expect(mails.map((m) => m.id)).toEqual([a.id]);
  });

  it("lets one sender hold a lead; a claim left by a killed sender expires and is taken over", async () => {
    const a = lead();
    const t0 = Date.now();
    await acceptLead(t.store, { lead: a, claimTtlMs: TTL, owner: "server-1", now: t0 });
    expect(await claimDue(t.store, "leads", { owner: "server-2", ttlMs: TTL, now: t0 + 1000 })).toEqual([]);
    expect(await claimOne(t.store, "leads", a.id, { owner: "server-2", ttlMs: TTL, now: t0 + 1000 })).toBeUndefined();
    const taken = await claimDue(t.store, "leads", { owner: "server-2", ttlMs: TTL, now: t0 + TTL + 1 });
    expect(taken.map((r) => r.id)).toEqual([a.id]);
    // The killed sender's late record changes nothing; the holder's stands.
    expect(await recordOutcome(t.store, "leads", taken[0], { status: "delivered" }, { owner: "server-1" })).toBe(false);
    const ok = { at: new Date().toISOString(), ok: true };
    expect(
      await recordOutcome(t.store, "leads", taken[0], { status: "delivered", attempt: ok }, { owner: "server-2" }),
    ).toBe(true);
    const done = (await loadLead(t.store, a.id))!;
    expect([done.status, done.attempt_count, done.claim_owner, done.due_at]).toEqual(["delivered", 1, null, null]);
    expect(await claimDue(t.store, "leads", { owner: "server-3", ttlMs: TTL, all: true })).toEqual([]);
  });

  it("gives each due lead to one of two senders claiming at once", async () => {
    const t0 = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      const a = lead();
      ids.push(a.id);
      await acceptLead(t.store, { lead: a, claimTtlMs: 0, owner: "gone", now: t0 - 1000 });
    }
    const other = openStoreDb(t.config);
    try {
      const rounds = await Promise.all(
        [t.store, other, t.store, other].map((store, i) =>
          claimDue(store, "leads", { owner: `sender-${i}`, ttlMs: TTL, limit: 15, now: t0 }),
        ),
      );
      const claimed = rounds.flat().map((r) => r.id);
      expect(new Set(claimed).size).toBe(claimed.length);
      expect(claimed.sort()).toEqual([...ids].sort());
    } finally {
      await other.close();
    }
  });

  it("retries an undelivered lead when due, and every unsent one when asked for all", async () => {
    const a = lead();
    const t0 = Date.now();
    await acceptLead(t.store, { lead: a, claimTtlMs: TTL, now: t0 });
    const [row] = await claimDue(t.store, "leads", { ttlMs: TTL, all: true, now: t0 + TTL + 1 });
    const failed = {
      at: new Date(t0).toISOString(),
      ok: false,
      error: "notify answered 503",
      status: 503,
      refused: true,
    };
    await recordOutcome(t.store, "leads", row, { status: "undelivered", attempt: failed, dueAt: t0 + 60_000 });
    expect(await claimDue(t.store, "leads", { ttlMs: TTL, now: t0 + 59_000 })).toEqual([]);
    const [again] = await claimDue(t.store, "leads", { ttlMs: TTL, now: t0 + 60_000 });
    expect(JSON.parse(again.attempts)).toEqual([failed]);
    expect(JSON.parse(again.request)).toEqual(a.request);
    // A stop mid-send gives the claim back, marked: it may have reached the service.
    await releaseClaim(t.store, "leads", a.id, { mayHaveReached: true });
    const [resend] = await claimDue(t.store, "leads", { ttlMs: TTL, all: true, now: t0 });
    expect(resend.may_have_reached).toBe(1);
    await recordOutcome(t.store, "leads", resend, { status: "failed" });
    expect((await countByStatus(t.store, "leads")).failed).toBe(1);
    expect((await claimDue(t.store, "leads", { ttlMs: TTL, all: true })).map((r) => r.id)).toEqual([a.id]);
  });

  it("withdraws a failed order replaced by the next one, never one in flight", async () => {
    const a = lead("order");
    await acceptLead(t.store, { lead: a, claimTtlMs: TTL });
    expect(await withdrawLead(t.store, a.id, "next")).toBe(false);
    await releaseClaim(t.store, "leads", a.id);
    expect(await withdrawLead(t.store, a.id, "next")).toBe(true);
    expect((await loadLead(t.store, a.id))!.replaced_by).toBe("next");
    expect(await claimDue(t.store, "leads", { ttlMs: TTL, all: true })).toEqual([]);
  });

  it("recognises the same post from the same visitor within ten minutes, once", async () => {
    const fields = [{ key: "phone", value: "+7 (900) 000-00-00" }];
    const hash = repeatHash("callback", fields, "visitor-1");
    expect(repeatHash("callback", fields, "visitor-2")).not.toBe(hash);
    expect(hash).not.toContain("900");
    const t0 = Date.now();
    const posts = await Promise.all(
      [0, 1, 2].map(() => acceptLead(t.store, { lead: lead(), repeat: hash, claimTtlMs: TTL, now: t0 })),
    );
    const first = posts.find((p) => !p.repeatOf)!;
    expect(posts.filter((p) => p.repeatOf === first.id)).toHaveLength(2);
    expect(await t.store.db.selectFrom("leads").select("id").execute()).toEqual([{ id: first.id }]);
    const later = await acceptLead(t.store, { lead: lead(), repeat: hash, claimTtlMs: TTL, now: t0 + 10 * 60_000 + 1 });
    expect(later.repeatOf).toBeUndefined();
  });

  it("prunes delivered leads and old orders with their files and consents, never an unsent one", async () => {
    const t0 = Date.now() - 400 * DAY;
    const at = new Date(t0).toISOString();
    const marker = `Прунов-${crypto.randomBytes(4).toString("hex")}`;
    const sent = lead("parts-list", { files: [{ name: "a.txt", type: "text/plain", data: Buffer.from(marker) }] });
    const unsent = lead();
    const order = lead("order");
    for (const [a, extra] of [
      [sent, { consent: { at, ip: "10.0.0.1", form: "parts-list", version: "v1" } }],
      [unsent, {}],
      [order, { order: { number: "0000-0001", data: { name: marker } } }],
    ] as const) {
      await acceptLead(t.store, { lead: a, claimTtlMs: 0, now: t0, ...extra });
    }
    for (const a of [sent, order]) {
      const row = await claimOne(t.store, "leads", a.id, { ttlMs: TTL, now: t0 + 1 });
      await recordOutcome(t.store, "leads", row!, { status: "delivered" }, { now: t0 + 1 });
    }
    await recordConsent(t.store, { at, ip: "10.0.0.2", form: "order", version: "v1" });
    const settings = { LEAD_RETENTION_DAYS: 365, ORDER_RETENTION_DAYS: 1825 };
    expect(await prune(t.store, settings)).toMatchObject({ leads: 1, orders: 0, consents: 1 });
    expect(await loadLead(t.store, sent.id)).toBeUndefined();
    expect(await loadLeadFiles(t.store, sent.id)).toEqual([]);
    expect(await loadLead(t.store, unsent.id)).toBeDefined();
    expect(await loadOrder(t.store, { id: order.id })).toBeDefined();
    expect(await prune(t.store, { LEAD_RETENTION_DAYS: 0, ORDER_RETENTION_DAYS: 0 })).toMatchObject({ orders: 1 });
    expect(await loadOrder(t.store, { id: order.id })).toBeUndefined();
    expect(await loadLead(t.store, unsent.id)).toBeDefined();
    if (kind === "sqlite") {
      // Gone from the disk: not in the file's free pages, nor in its write-ahead log.
      const file = sqliteFile(t.config.dataDir);
      for (const f of [file, `${file}-wal`]) {
        if (fs.existsSync(f)) expect(fs.readFileSync(f).includes(Buffer.from(marker))).toBe(false);
      }
    }
  });

  it("keeps one cookie secret for every server on the store, unless SESSION_SECRET names one", async () => {
    const other = openStoreDb(t.config);
    try {
      const [a, b] = await Promise.all([cookieSecret(t.store), cookieSecret(other)]);
      expect(a).toMatch(/^[0-9a-f]{64}$/);
      expect(b).toBe(a);
      expect(await cookieSecret(other, "configured")).toBe("configured");
    } finally {
      await other.close();
    }
  });
});
