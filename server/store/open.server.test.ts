/**
 * The store as the server starts it, on SQLite and PostgreSQL, over a DATA_DIR the previous
 * version wrote: migrated, imported once, the visitors' cookie secret kept, nothing unsent pruned.
 */
import fs from "node:fs";
import path from "node:path";
import { parseConfig } from "../config.server";
import { freshStore, STORE_KINDS, type TestStore } from "../../test/stores";
import { startStore } from "./open.server";

const FIXTURE = path.resolve("test/fixtures/data-dir-v1");

describe.each(STORE_KINDS)("starting the store on %s", (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await freshStore(kind, { migrated: false });
    fs.cpSync(FIXTURE, t.config.dataDir, { recursive: true });
  });
  afterEach(async () => {
    await t.drop();
  });

  it("imports the previous DATA_DIR once and keeps its cookie secret; a second start imports nothing", async () => {
    const config = { ...parseConfig({ DATA_DIR: t.config.dataDir, DATABASE_URL: t.config.DATABASE_URL }) };
    // Retention 0: everything delivered is past its time at once; what is unsent stays.
    const first = await startStore({ ...config, LEAD_RETENTION_DAYS: 0 });
    await first.store.close();
    expect(first.cookieSecret).toBe(fs.readFileSync(path.join(FIXTURE, "cookie-secret"), "utf8").trim());
    const leads = await t.store.db.selectFrom("leads").select(["id", "status"]).execute();
    const orders = new Set((await t.store.db.selectFrom("orders").select("id").execute()).map((o) => o.id));
    // The delivered leads are gone at once; orders keep their five years; nothing unsent is touched.
    expect(leads.filter((l) => l.status === "delivered" && !orders.has(l.id))).toEqual([]);
    expect(leads.filter((l) => l.status === "delivered")).not.toEqual([]);
    expect(leads.filter((l) => l.status === "undelivered")).toHaveLength(4);
    const second = await startStore(config);
    await second.store.close();
    expect(second.cookieSecret).toBe(first.cookieSecret);
    expect(fs.readdirSync(t.config.dataDir).filter((name) => name.startsWith("previous-store-"))).toHaveLength(1);
    expect(await t.store.db.selectFrom("leads").select("id").execute()).toHaveLength(leads.length);
  });
});
