/**
 * The store away and back: PostgreSQL behind a link that is cut, then restored. Queries fail
 * quickly as "down" (the form's 503, /healthz's 'store down') and the first after the link is
 * back succeeds on the same store, without reopening it.
 */
import net from "node:net";
import { sql } from "kysely";
import { freshStore, type TestStore } from "../../test/stores";
import { openStoreDb, type StoreDb } from "./db.server";
import { isStoreDown, storeHealthy } from "./health.server";
import { recordConsent } from "./settings.server";

/** A TCP link to PostgreSQL that can be cut (every connection dropped, new ones refused) and restored. */
async function link(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await open();
  return {
    port: () => port,
    async cut() {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    open,
  };
}

describe("the store away on postgres", () => {
  let t: TestStore;
  let store: StoreDb;
  let wire: Awaited<ReturnType<typeof link>>;
  beforeEach(async () => {
    t = await freshStore("postgres");
    wire = await link(new URL(t.config.DATABASE_URL!));
    const url = new URL(t.config.DATABASE_URL!);
    url.host = `127.0.0.1:${wire.port()}`;
    store = openStoreDb({ ...t.config, DATABASE_URL: url.toString() });
  });
  afterEach(async () => {
    await store.close();
    await wire.cut();
    await t.drop();
  });

  it("fails fast as down while PostgreSQL is unreachable, and works again without a restart", async () => {
    const consent = { at: new Date().toISOString(), ip: "10.0.0.1", form: "callback", version: "v1" };
    expect(await storeHealthy(store)).toBe(true);
    await recordConsent(store, consent);
    await wire.cut();
    const started = Date.now();
    const error = await recordConsent(store, consent).catch((e: unknown) => e);
    expect(isStoreDown(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(6000);
    expect(await storeHealthy(store)).toBe(false);
    await wire.open();
    expect(await storeHealthy(store)).toBe(true);
    await recordConsent(store, consent);
    const rows = await t.store.db.selectFrom("consents").select("id").execute();
    expect(rows).toHaveLength(2);
  });

  it("does not take a wrong query for the store being away", async () => {
    const error = await store.db
      .insertInto("settings")
      .values({ key: "k", value: "v" })
      .execute()
      .then(() => store.db.insertInto("settings").values({ key: "k", value: "v" }).execute())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(isStoreDown(error)).toBe(false);
  });
});

describe("the store away on sqlite", () => {
  let t: TestStore;
  beforeEach(async () => {
    t = await freshStore("sqlite");
  });
  afterEach(() => t.drop());

  it("takes a full disk, as the driver reports it, for the store being away", async () => {
    // The file may not grow: SQLite answers a write as it does on a full disk (SQLITE_FULL).
    const [{ page_count }] = (await sql<{ page_count: number }>`pragma page_count`.execute(t.store.db)).rows;
    await sql.raw(`pragma max_page_count = ${page_count}`).execute(t.store.db);
    const big = { at: new Date().toISOString(), ip: "10.0.0.1", form: "callback", version: "x".repeat(64 * 1024) };
    const error = await recordConsent(t.store, big).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "SQLITE_FULL" });
    expect(isStoreDown(error)).toBe(true);
  });

  it("takes a write lock held past the busy timeout for the store being away, not a wrong query", async () => {
    const other = openStoreDb(t.config);
    try {
      await sql`pragma busy_timeout = 50`.execute(other.db);
      await t.store.db.transaction().execute(async (trx) => {
        await trx.insertInto("settings").values({ key: "k", value: "v" }).execute();
        const busy = await other.db
          .insertInto("settings")
          .values({ key: "l", value: "w" })
          .execute()
          .catch((e: unknown) => e);
        expect(busy).toMatchObject({ code: "SQLITE_BUSY" });
        expect(isStoreDown(busy)).toBe(true);
      });
      const duplicate = await other.db
        .insertInto("settings")
        .values({ key: "k", value: "v" })
        .execute()
        .catch((e: unknown) => e);
      expect(duplicate).toMatchObject({ code: "SQLITE_CONSTRAINT_PRIMARYKEY" });
      expect(isStoreDown(duplicate)).toBe(false);
    } finally {
      await other.close();
    }
  });

  it("tells a disk error by its primary code, also one the driver has no name for", () => {
    expect(isStoreDown(Object.assign(new Error("disk I/O error"), { code: "SQLITE_IOERR_WRITE", rawCode: 778 }))).toBe(
      true,
    );
    // SQLITE_IOERR_CORRUPTFS and SQLITE_READONLY_DIRECTORY, which libsql leaves unnamed.
    expect(
      isStoreDown(Object.assign(new Error("disk I/O error"), { code: "UNKNOWN_SQLITE_ERROR_8458", rawCode: 8458 })),
    ).toBe(true);
    expect(
      isStoreDown(
        Object.assign(new Error("attempt to write a readonly database"), {
          code: "UNKNOWN_SQLITE_ERROR_1544",
          rawCode: 1544,
        }),
      ),
    ).toBe(true);
  });
});
