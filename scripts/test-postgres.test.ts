/**
 * The tests' PostgreSQL (test/postgres-cluster.mjs, started by npm test or the vitest global setup):
 * each test file's database is its own, empty, and keeps Russian text as it was written.
 */
import pg from "pg";
import { freshDatabase, testDatabaseUrl } from "../test/databases";

async function query<T extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

describe("the tests' PostgreSQL", () => {
  it("gives each caller a new empty database of its own, in UTF-8", async () => {
    const [a, b] = await Promise.all([
      freshDatabase("scripts/test-postgres a"),
      freshDatabase("scripts/test-postgres a"),
    ]);
    expect(a).not.toBe(b);
    expect(new URL(a).host).toBe(new URL(testDatabaseUrl()).host);
    const tables = "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'";
    expect(await query(a, tables)).toEqual([{ n: 0 }]);

    await query(a, "CREATE TABLE leads (name text)");
    await query(a, "INSERT INTO leads VALUES ($1)", ["Иванов Иван, ёлка"]);
    expect(await query(a, "SELECT name, upper(name) AS upper FROM leads")).toEqual([
      { name: "Иванов Иван, ёлка", upper: "ИВАНОВ ИВАН, ЁЛКА" },
    ]);
    // The other database has none of it.
    expect(await query(b, tables)).toEqual([{ n: 0 }]);
    expect(await query(a, "SELECT current_database() AS db")).toEqual([{ db: new URL(a).pathname.slice(1) }]);
  });
});
