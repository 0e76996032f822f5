/**
 * Databases for the tests in the run's PostgreSQL (test/postgres-cluster.mjs), whose address
 * TEST_DATABASE_URL holds: each test file makes its own, so files running side by side never see
 * each other's rows, and a migration runs on an empty database.
 */
import pg from "pg";
import { TEST_DATABASE_URL } from "./postgres-cluster.mjs";

/** The run's database (its role may create databases), set by npm test or the vitest global setup. */
export function testDatabaseUrl(): string {
  const url = process.env[TEST_DATABASE_URL];
  if (!url)
    throw new Error(
      `${TEST_DATABASE_URL} is unset: run the tests through npm test or vitest, which start PostgreSQL (test/postgres-global-setup.ts)`,
    );
  return url;
}

let made = 0;

/**
 * A new, empty database in the run's PostgreSQL, and its URL: `name` (e.g. the test file's) plus
 * this process's id and a count, so two files, or both vitest processes of `npm test`, never meet.
 * It is removed with the cluster at the end of the run.
 */
export async function freshDatabase(name: string): Promise<string> {
  const base = testDatabaseUrl();
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 40);
  const database = `${slug || "test"}_${process.pid}_${++made}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    // A name of [a-z0-9_] only: nothing to escape.
    await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}
