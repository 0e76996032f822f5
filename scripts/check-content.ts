/**
 * The build's first step: load the dealer's content through its checks (app/content/valid.ts), so
 * invalid content stops `npm run build` with one line naming the key; then hold it against the
 * catalogue of models (every model has the dealer's offer, every offer names a model).
 */
try {
  await import("../app/content/valid");
  const { contentProblems } = await import("../app/data/trucks");
  const problems = contentProblems();
  if (problems.length > 0) throw new Error(`Invalid dealer content in app/content/dealer.ts: ${problems.join("; ")}`);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}
export {};
