/**
 * The build's first step: load the dealer's content through its checks (app/content/valid.ts), so
 * invalid content stops `npm run build` with one line naming the key; then hold it against the
 * catalogue of models (every model has the dealer's offer, every offer names a model) and against
 * public/ (every picture and document it names is there).
 */
import fs from "node:fs";
import path from "node:path";

try {
  const { VALID_CONTENT } = await import("../app/content/valid");
  const { missingFiles } = await import("../app/content/schema");
  const { contentProblems } = await import("../app/data/trucks");
  const inPublic = (file: string) => {
    let relative: string;
    try {
      relative = decodeURI(file).replace(/^\/+/, "");
    } catch {
      return false;
    }
    return (
      !relative.split("/").includes("..") &&
      fs.statSync(path.join("public", relative), { throwIfNoEntry: false })?.isFile() === true
    );
  };
  const problems = [...contentProblems(), ...missingFiles(VALID_CONTENT, inPublic)];
  if (problems.length > 0) throw new Error(`Invalid dealer content in app/content/dealer.ts: ${problems.join("; ")}`);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}
export {};
