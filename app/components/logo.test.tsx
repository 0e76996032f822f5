import { readFileSync } from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Logo } from "./logo";

/** Elements and drawing attributes, in order, without the attributes only the inline copy has. */
function drawing(svg: string) {
  const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
  const own = new Set(["class", "aria-hidden", "focusable"]);
  // The file's <title> names it for image viewers; inline, the link around the logo does.
  return [...doc.querySelectorAll("*")]
    .filter((el) => el.tagName !== "title")
    .map((el) => ({
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
    expect(new DOMParser().parseFromString(file, "image/svg+xml").querySelector("title")?.textContent).toBe(
      "FAW Солонцы",
    );
  });

  it("draws its wordmark as outlines, so it looks the same whatever fonts a device has", () => {
    const inline = renderToStaticMarkup(<Logo />);
    const file = readFileSync(path.resolve("public/images/logo.svg"), "utf8");
    for (const svg of [inline, file]) {
      const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
      expect(doc.querySelector("text, tspan")).toBeNull();
      expect(doc.querySelectorAll("path")).toHaveLength(3);
    }
  });

  it("is hidden from assistive technology: the link around it carries the name", () => {
    const inline = renderToStaticMarkup(<Logo />);
    expect(inline).toContain('aria-hidden="true"');
    expect(inline).toContain('focusable="false"');
  });
});
