/**
 * The SQLite file as the store opens it: the settings its promises rest on (a commit on disk
 * before the answer, deleted rows overwritten, a second process waited for), and a value SQLite
 * cannot bind refused as an error, not a crash of the server; a read stopped early lets go of the file.
 */
import { sql } from "kysely";
import { freshStore, type TestStore } from "../../test/stores";
import { openStoreDb } from "./db.server";

describe("the store's SQLite file", () => {
  let t: TestStore;
  beforeEach(async () => {
    t = await freshStore("sqlite");
  });
  afterEach(() => t.drop());

  it("is opened in WAL with synchronous=FULL, secure_delete, foreign keys and a busy timeout", async () => {
    const read = async (pragma: string) =>
      Object.values((await sql.raw<Record<string, unknown>>(`pragma ${pragma}`).execute(t.store.db)).rows[0]!)[0];
    expect(await read("journal_mode")).toBe("wal");
    expect(await read("synchronous")).toBe(2); // FULL
    expect(await read("secure_delete")).toBe(1);
    expect(await read("foreign_keys")).toBe(1);
    expect(await read("busy_timeout")).toBe(5000);
  });

  it("lets go of a read stopped early: later reads see another connection's writes, the WAL can be truncated", async () => {
    const keys = Array.from({ length: 300 }, (_, i) => ({ key: `k${String(i).padStart(3, "0")}`, value: "v" }));
    await t.store.db.insertInto("settings").values(keys).execute();
    for await (const row of t.store.db.selectFrom("settings").select("key").orderBy("key").stream()) {
      expect(row.key).toBe("k000");
      break;
    }
    const other = openStoreDb(t.config);
    try {
      await other.db.insertInto("settings").values({ key: "later", value: "v" }).execute();
    } finally {
      await other.close();
    }
    const count = await t.store.db
      .selectFrom("settings")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst();
    expect(count?.n).toBe(301);
    const [checkpoint] = (await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(t.store.db)).rows;
    expect(checkpoint?.busy).toBe(0);
  });

  it("refuses a value SQLite cannot bind with an error, and keeps working", async () => {
    const query = t.store.db
      .selectFrom("settings")
      .select("value")
      .where("key", "=", true as unknown as string);
    await expect(query.execute()).rejects.toThrow(TypeError);
    expect((await sql<{ one: number }>`select 1 as one`.execute(t.store.db)).rows).toEqual([{ one: 1 }]);
  });
});
