/**
 * The demo values of the dealer's content as a test could write them, for the checks that no
 * test repeats one (app/content/demo-values.test.ts) and that a copy with every demo value
 * replaced shows none (test/e2e/content.test.ts). Values the schema lists (an availability),
 * single words (a phone's label) and texts the content also holds outside demo( ) (a desk's
 * name) are the spec's, not the dealer's.
 */
import { CONTENT, DEMO_ENTRIES } from "~/content";
import { dealerContentSchema } from "~/content/schema";
import { listedValues, schemaAt } from "~/content/schema-path";

export interface DemoFact {
  key: string;
  /** Each way a test could write it. */
  forms: string[];
}

function grouped(value: number, separator: string): string {
  return String(value).replace(/\B(?=(\d{3})+$)/g, separator);
}

/** The ways a demo value could be written in a test: the text, a phone's digits, a price grouped. */
function formsOf(value: string | number): string[] {
  if (typeof value === "number") {
    if (Number.isInteger(value) && Math.abs(value) < 10_000) return [];
    if (!Number.isInteger(value)) return [String(value)];
    return [String(value), grouped(value, "_"), grouped(value, " "), grouped(value, "\u00a0")];
  }
  const digits = value.replace(/\D/g, "");
  const phone = /^[+\d\s()-]+$/.test(value) && digits.length >= 10 && digits.length <= 11 ? [digits.slice(-10)] : [];
  return [...new Set([value, ...phone])];
}

/** Every leaf of a value with its key. */
function leaves(value: unknown, key: string[], out: { key: string[]; value: unknown }[] = []) {
  if (typeof value === "object" && value !== null) {
    for (const [name, item] of Object.entries(value)) leaves(item, [...key, name], out);
  } else out.push({ key, value });
  return out;
}

/** Every demo value a test could repeat, with its key. */
export function demoFacts(entries = DEMO_ENTRIES, content: unknown = CONTENT): DemoFact[] {
  const demoKeys = new Set(entries.map((entry) => entry.key));
  const outside = new Set(
    leaves(content, [])
      .filter(({ key }) => !key.some((_, i) => demoKeys.has(key.slice(0, i + 1).join("."))))
      .map(({ value }) => value),
  );
  return entries.flatMap((entry) =>
    leaves(entry.value, entry.key.split(".")).flatMap(({ key, value }) => {
      if (typeof value !== "string" && typeof value !== "number") return [];
      if (outside.has(value) || listedValues(schemaAt(dealerContentSchema, key))) return [];
      if (typeof value === "string" && !/[\d@/\s]/.test(value.trim())) return [];
      const forms = formsOf(value);
      return forms.length ? [{ key: key.join("."), forms }] : [];
    }),
  );
}
