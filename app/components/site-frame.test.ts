import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The frame's code reaches the browser as one script only while every entry the bundler splits on
 * imports the frame (decision 013): each page route, and each module the site loads with import().
 */
const FRAME_IMPORT = 'import "~/components/site-frame";';
const app = path.resolve("app");

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const sources = filesUnder(app).map((file) => ({ file, text: fs.readFileSync(file, "utf8") }));

describe("the site frame as one script", () => {
  it("is imported by every page route (a route module with a component)", () => {
    const pages = sources.filter(
      ({ file, text }) => file.startsWith(path.join(app, "routes")) && /^export default /m.test(text),
    );
    expect(pages.length).toBeGreaterThan(15);
    const without = pages
      .filter(({ text }) => !text.includes(FRAME_IMPORT))
      .map(({ file }) => path.relative(app, file));
    expect(without).toEqual([]);
  });

  it("is imported by every module of the site that a page loads lazily", () => {
    const lazy = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/import\("(\.{1,2}\/[^"]+)"\)/g)].map((m) => path.resolve(path.dirname(file), m[1])),
    );
    expect(lazy.length).toBeGreaterThan(2);
    const without = [...new Set(lazy)]
      .map((base) => [".tsx", ".ts"].map((ext) => base + ext).find((f) => fs.existsSync(f))!)
      .filter((file) => !fs.readFileSync(file, "utf8").includes(FRAME_IMPORT))
      .map((file) => path.relative(app, file));
    expect(without).toEqual([]);
  });
});
