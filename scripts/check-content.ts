/**
 * The build's first step: load the dealer's content through its checks (app/content/valid.ts), so
 * invalid content stops `npm run build` with one line naming the key.
 */
try {
  await import("../app/content/valid");
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}
export {};
