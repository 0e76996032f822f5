/**
 * The text of a built stylesheet (`/build/_assets/…css`, as a CSS import gives it), read once
 * from public/ and kept: inlined in <head>, the first view needs no render-blocking CSS request.
 */
import fs from "node:fs";
import path from "node:path";

const cache = new Map<string, string>();

export function readBuiltCss(href: string): string {
  let text = cache.get(href);
  if (text === undefined) {
    const file = path.resolve("public", `.${href}`);
    // Only files inside public/build; a missing one leaves the page without it, never crashes it.
    text = file.startsWith(path.resolve("public", "build") + path.sep) && fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
    // Drop the source-map comment: its relative path would point nowhere from the page.
    text = text.replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, "");
    cache.set(href, text);
  }
  return text;
}
