import { describe, expect, it } from "vitest";
import { canonicalPath } from "./canonical";

describe("canonicalPath", () => {
  it("drops page=1, defaults and foreign parameters from the parts list, in a fixed order", () => {
    expect(canonicalPath("/catalog/parts", "?page=1&utm_source=x")).toBe("/catalog/parts");
    expect(canonicalPath("/catalog/parts", "?sortBy=price_asc&groups=FAW%20J7&search=%20фильтр%20&page=2")).toBe(
      "/catalog/parts?search=%D1%84%D0%B8%D0%BB%D1%8C%D1%82%D1%80&groups=FAW+J7&page=2",
    );
    expect(canonicalPath("/catalog/parts", "?sortBy=name_asc")).toBe("/catalog/parts");
  });

  it("leaves out the order, as robots.txt's Clean-param does: one address per search, groups and page", () => {
    expect(canonicalPath("/catalog/parts", "?search=j6&sortBy=relevance")).toBe("/catalog/parts?search=j6");
    expect(canonicalPath("/catalog/parts", "?search=j6&sortBy=name_asc")).toBe("/catalog/parts?search=j6");
    expect(canonicalPath("/catalog/parts", "?search=j6&sortBy=price_desc&page=3")).toBe(
      "/catalog/parts?search=j6&page=3",
    );
    expect(canonicalPath("/catalog/parts", "?sortBy=relevance")).toBe("/catalog/parts");
  });

  it("keeps only a known truck type", () => {
    expect(canonicalPath("/catalog/trucks", "?type=samosval&x=1")).toBe("/catalog/trucks?type=samosval");
    expect(canonicalPath("/catalog/trucks", "?type=bus")).toBe("/catalog/trucks");
  });

  it("uses the path alone elsewhere", () => {
    expect(canonicalPath("/delivery", "?modal=callback")).toBe("/delivery");
  });
});
