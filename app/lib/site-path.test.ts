import { describe, expect, it } from "vitest";
import { isCurrentPath, sitePath } from "./site-path";

describe("site paths", () => {
  it("marks a section on its own page and the pages under it, whatever the query", () => {
    expect(isCurrentPath("/catalog/parts", "/catalog/parts")).toBe(true);
    expect(isCurrentPath("/catalog/parts/filtr-maslyanyy-1", "/catalog/parts")).toBe(true);
    expect(isCurrentPath("/catalog/trucks", "/catalog/trucks?type=samosval")).toBe(true);
    expect(isCurrentPath("/catalog/partsx", "/catalog/parts")).toBe(false);
    expect(isCurrentPath("/catalog", "/catalog/parts")).toBe(false);
    expect(isCurrentPath("/Catalog/Parts", "/catalog/parts")).toBe(true);
  });

  it("marks the home page only on itself", () => {
    expect(isCurrentPath("/", "/")).toBe(true);
    expect(isCurrentPath("/delivery", "/")).toBe(false);
  });

  it("takes a location's pathname with its query, and refuses what is not a site path", () => {
    expect(sitePath("/catalog/parts", "?page=2")).toBe("/catalog/parts?page=2");
    expect(() => sitePath("catalog/parts")).toThrow();
    expect(() => sitePath("//evil.example")).toThrow();
  });
});
