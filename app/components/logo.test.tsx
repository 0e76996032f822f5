import { readFileSync } from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Logo } from "./logo";

/** Elements and drawing attributes, in order, without the attributes only the inline copy has. */
function drawing(svg: string) {
  const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
  const own = new Set(["class", "aria-hidden", "focusable"]);
  return [...doc.querySelectorAll("*")].map((el) => ({
    tag: el.tagName,
    attrs: Object.fromEntries([...el.attributes].filter((a) => !own.has(a.name)).map((a) => [a.name, a.value])),
    text: el.children.length ? "" : el.textContent?.trim(),
  }));
}

describe("Logo", () => {
  it("draws the same logo as public/images/logo.svg, the file the structured data names", () => {
    const file = readFileSync(path.resolve("public/images/logo.svg"), "utf8");
    const inline = renderToStaticMarkup(<Logo className="logo__img" />);
    expect(drawing(inline)).toEqual(drawing(file));
    expect(drawing(file).map((e) => e.text)).toContain("СОЛОНЦЫ");
  });

  it("is hidden from assistive technology: the link around it carries the name", () => {
    const inline = renderToStaticMarkup(<Logo />);
    expect(inline).toContain('aria-hidden="true"');
    expect(inline).toContain('focusable="false"');
  });
});
