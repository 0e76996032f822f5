import { describe, expect, it } from "vitest";
import { paginationItems } from "./pagination";

const show = (current: number, total: number) =>
  paginationItems(current, total).map((i) => (i.type === "page" ? i.page : "…"));

describe("paginationItems", () => {
  it("shows every page when there are few", () => {
    expect(show(1, 1)).toEqual([1]);
    expect(show(2, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(show(1, 0)).toEqual([]);
  });

  it("puts ellipses around the current page's siblings", () => {
    expect(show(1, 20)).toEqual([1, 2, "…", 20]);
    expect(show(10, 20)).toEqual([1, "…", 9, 10, 11, "…", 20]);
    expect(show(20, 20)).toEqual([1, "…", 19, 20]);
  });

  it("fills a gap of one page instead of an ellipsis", () => {
    expect(show(4, 20)).toEqual([1, 2, 3, 4, 5, "…", 20]);
    expect(show(3, 7)).toEqual([1, 2, 3, 4, "…", 7]);
  });
});
