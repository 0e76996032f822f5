import { startPostgres, TEST_DATABASE_URL } from "./postgres-cluster.mjs";

/**
 * The run's PostgreSQL (test/postgres-cluster.mjs) for the unit and e2e projects: started here when
 * vitest runs alone (`npm run test:unit`, `npx vitest run <file>`). `npm test` starts one for both
 * of its vitest processes and sets TEST_DATABASE_URL, and then this does nothing, as it does when
 * the variable names a PostgreSQL of one's own. The tests, and the servers they start, inherit it.
 */
export default async function setup() {
  if (process.env[TEST_DATABASE_URL]) return;
  // Stopped by this process's end too: vitest skips its teardowns when interrupted.
  const cluster = await startPostgres();
  process.env[TEST_DATABASE_URL] = cluster.url;
  return () => {
    delete process.env[TEST_DATABASE_URL];
    cluster.stop();
  };
}
