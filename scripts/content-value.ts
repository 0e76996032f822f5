/**
 * Prints one value of the dealer's content by its key, for shell scripts:
 * `npx tsx scripts/content-value.ts legal.name`.
 */
import { CONTENT } from "../app/content/index";

const key = process.argv[2] ?? "";
let value: unknown = CONTENT;
for (const part of key.split(".")) value = (value as Record<string, unknown> | undefined)?.[part];
if (value === undefined) {
  process.stderr.write(`No content at ${key}\n`);
  process.exit(1);
}
process.stdout.write(typeof value === "string" ? `${value}\n` : `${JSON.stringify(value)}\n`);
