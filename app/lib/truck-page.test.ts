import { describe, expect, it } from "vitest";
import { truckOfPage } from "./truck-page";

describe("truckOfPage", () => {
  it("names the model of a truck's page, with or without a query", () => {
    expect(truckOfPage("/catalog/trucks/tyagach/faw-j7-6x4-460")?.name).toMatch(/^FAW J7/);
    expect(truckOfPage("/catalog/trucks/tyagach/faw-j7-6x4-460?modal=leasing")?.name).toMatch(/^FAW J7/);
  });

  it("is nothing for other pages, unknown models and malformed links", () => {
    for (const page of ["/", "/catalog/trucks", "/catalog/trucks/tyagach/nope", "/catalog/trucks/%zz/faw-j7-6x4-460"])
      expect(truckOfPage(page)).toBeUndefined();
  });
});
