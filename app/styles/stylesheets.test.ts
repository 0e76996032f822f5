import fs from "node:fs";
import path from "node:path";

// Stylesheets stay small enough to read and to link per page: what only some pages use lives in
// a sheet those routes link (their `links()`), the frame's styles in the sheets app/root.tsx links.
const MAX_LINES = 800;
const dir = path.resolve("app/styles");

describe("app/styles", () => {
  const sheets = fs.readdirSync(dir).filter((name) => name.endsWith(".css"));

  it("holds stylesheets", () => {
    expect(sheets).toContain("app.css");
  });

  it.each(sheets)(`%s has at most ${MAX_LINES} lines`, (name) => {
    const lines = fs.readFileSync(path.join(dir, name), "utf8").split("\n");
    if (lines.at(-1) === "") lines.pop();
    expect(lines.length).toBeLessThanOrEqual(MAX_LINES);
  });
});
