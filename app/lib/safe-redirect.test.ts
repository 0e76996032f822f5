import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it.each([
    ["/catalog/parts?search=фильтр", "/catalog/parts?search=%D1%84%D0%B8%D0%BB%D1%8C%D1%82%D1%80"],
    ["/cart", "/cart"],
  ])("keeps the same-site path %s", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    "//evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "/\\evil.example",
    "",
    undefined,
    42,
    "catalog",
    "/\u0000x",
    "/.//evil.example",
    "/%2e//evil.example",
    "/a/..//evil.example",
    "/catalog/../..//evil.example/path",
  ])("falls back to / for %s", (input) => {
    expect(safeRedirectPath(input)).toBe("/");
  });
});
