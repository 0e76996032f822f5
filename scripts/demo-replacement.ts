/**
 * Another valid value for each demo value of the dealer's content, chosen by the value's type and
 * shape (and the content schema where it allows only a list of values), never by its key: a phone
 * keeps its format with other digits, an e-mail, a link or a text gets other letters, a number
 * moves, a file in public/ is copied under another name. What a dealer's own values look like to
 * the tests, so a test that repeats a demo value fails on a copy that holds these instead.
 */
import fs from "node:fs";
import path from "node:path";
import type { ZodTypeAny } from "zod";
import { listedValues, schemaChild } from "../app/content/schema-path";

const RU = "абвгдежзийклмнопрстуфхцчшщъыьэюя";

/** Letters turned half an alphabet (Latin and Cyrillic), digits moved by 5: a different text of the same shape. */
export function turnText(text: string): string {
  return text.replace(/[a-zA-Zа-яА-Я0-9]/g, (ch) => {
    if (/\d/.test(ch)) return String((Number(ch) + 5) % 10);
    const lower = ch.toLowerCase();
    const upper = ch !== lower;
    let out: string;
    if (/[a-z]/.test(lower)) out = String.fromCharCode(((lower.charCodeAt(0) - 97 + 13) % 26) + 97);
    else out = RU[(RU.indexOf(lower) + 16) % 32];
    return upper ? out.toUpperCase() : out;
  });
}

/** The last seven digits (or all, when fewer) moved by 5: a phone keeps its country and format. */
function turnDigits(text: string): string {
  const total = text.replace(/\D/g, "").length;
  let seen = 0;
  return text.replace(/\d/g, (digit) => (++seen > total - 7 ? String((Number(digit) + 5) % 10) : digit));
}

/** The labels of a host but its top-level domain. */
function turnHost(host: string): string {
  const labels = host.split(".");
  return [...labels.slice(0, -1).map(turnText), labels[labels.length - 1]].join(".");
}

/**
 * The string of digits with the first last two digits that `passes` takes (a check digit: an ИНН,
 * an ОГРН, an account that must match its bank's code), or undefined when none does.
 */
export function withEnding(digits: string, passes: (value: string) => boolean): string | undefined {
  if (!/^\d{3,}$/.test(digits)) return undefined;
  for (let ending = 0; ending < 100; ending++) {
    const value = digits.slice(0, -2) + String(ending).padStart(2, "0");
    if (passes(value)) return value;
  }
  return undefined;
}

export interface ReplaceContext {
  /** The project copy whose public/ holds the files that paths name. */
  dir: string;
  /** Another value for a number that the schema refused (the other direction). */
  downward?: boolean;
  /** Every value of the demo: a replacement is none of them. */
  taken?: ReadonlySet<unknown>;
}

/**
 * A public file copied to /dealer/…/<other name>, a line end added: the new path is served and
 * names a file of its own, which go-live does not take for the demo's sample (its bytes differ).
 */
function replacePath(file: string, ctx: ReplaceContext): string {
  const source = path.join(ctx.dir, "public", file);
  if (!fs.existsSync(source)) throw new Error(`demo value ${file}: no such file under public/`);
  const ext = path.posix.extname(file);
  const next = path.posix.join(
    "/dealer",
    path.posix.dirname(file),
    `${turnText(path.posix.basename(file, ext))}${ext}`,
  );
  fs.mkdirSync(path.dirname(path.join(ctx.dir, "public", next)), { recursive: true });
  fs.writeFileSync(path.join(ctx.dir, "public", next), Buffer.concat([fs.readFileSync(source), Buffer.from("\n")]));
  return next;
}

function replaceString(text: string, ctx: ReplaceContext): string {
  if (/^[+\d\s()-]+$/.test(text) && text.replace(/\D/g, "").length >= 5) return turnDigits(text);
  const email = /^([^@\s]+)@([^@\s]+\.[a-z]+)$/i.exec(text);
  if (email) return `${turnText(email[1])}@${turnHost(email[2])}`;
  if (/^https?:\/\/\S+$/.test(text)) {
    const url = new URL(text);
    if (url.pathname === "/" && !url.search) {
      url.hostname = turnHost(url.hostname);
      return text.endsWith("/") ? url.href : url.href.replace(/\/$/, "");
    }
    return `${url.origin}${turnText(url.pathname + url.search)}`;
  }
  if (/^\/\S+\.\w+$/.test(text)) return replacePath(text, ctx);
  return turnText(text);
}

function replaceNumber(value: number, ctx: ReplaceContext): number {
  const sign = ctx.downward ? -1 : 1;
  const decimals = (String(value).split(".")[1] ?? "").length;
  let step: number;
  if (!Number.isInteger(value)) step = 0.0123;
  else if (Math.abs(value) < 1000) step = 1;
  else {
    const unit = 10 ** Math.max(0, Math.floor(Math.log10(Math.abs(value))) - 2);
    step = Math.max(unit, Math.round((Math.abs(value) * 0.07) / unit) * unit);
  }
  // Never another demo value (one price moved onto another model's would still be the demo's).
  let next = value;
  do next = Number((next + sign * step).toFixed(Math.max(decimals, 4)));
  while (ctx.taken?.has(next));
  return next;
}

/**
 * Another value of the same type and shape: objects and arrays field by field, a value the schema
 * allows from a list (an enum) the next one of the list.
 */
export function replaceValue(value: unknown, schema: ZodTypeAny | undefined, ctx: ReplaceContext): unknown {
  const listed = listedValues(schema);
  if (listed && typeof value === "string") return listed[(listed.indexOf(value) + 1) % listed.length];
  if (Array.isArray(value)) return value.map((item, i) => replaceValue(item, schemaChild(schema, String(i)), ctx));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, replaceValue(item, schemaChild(schema, key), ctx)]),
    );
  }
  if (typeof value === "string") {
    const turned = replaceString(value, ctx);
    // Digits the schema refuses for a check digit (a tax number) end otherwise.
    const next =
      schema && !schema.safeParse(turned).success
        ? (withEnding(turned, (v) => schema.safeParse(v).success) ?? turned)
        : turned;
    if (ctx.taken?.has(next)) throw new Error(`the replacement of ${JSON.stringify(value)} is another demo value`);
    return next;
  }
  if (typeof value === "number") return replaceNumber(value, ctx);
  if (typeof value === "boolean") return !value;
  return value;
}
