import { describe, expect, it } from "vitest";
import { absoluteUrl } from "./absolute-url";

describe("absoluteUrl", () => {
  it.each([
    ["/images/parts/filter.webp", "https://faw.example", "https://faw.example/images/parts/filter.webp"],
    ["/images/parts/filter.webp", "https://faw.example/", "https://faw.example/images/parts/filter.webp"],
    ["https://cdn.example/1.jpg", "https://faw.example", "https://cdn.example/1.jpg"],
    ["//cdn.example/1.jpg", "https://faw.example", "https://cdn.example/1.jpg"],
  ])("writes %s on %s as %s", (path, site, expected) => {
    expect(absoluteUrl(path, site)).toBe(expected);
  });

  it.each(["javascript:alert(1)", "data:image/png;base64,AAAA", "http://[bad"])("gives nothing for %s", (path) => {
    expect(absoluteUrl(path, "https://faw.example")).toBeUndefined();
  });
});
