import { describe, expect, it } from "vitest";
import { sitePath } from "./site-path";

describe("site paths", () => {
  it("takes a location's pathname with its query, and refuses what is not a site path", () => {
    expect(sitePath("/catalog/parts", "?page=2")).toBe("/catalog/parts?page=2");
    expect(() => sitePath("catalog/parts")).toThrow();
    expect(() => sitePath("//evil.example")).toThrow();
  });
});
