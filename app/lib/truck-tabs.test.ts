import { describe, expect, it } from "vitest";
import { truckTabFrom } from "./truck-tabs";

describe("truckTabFrom", () => {
  it.each(["characteristics", "params", "equipment"] as const)("opens %s when the URL names it", (tab) => {
    expect(truckTabFrom(tab)).toBe(tab);
  });

  it.each([null, "", "Params", "constructor", "__proto__"])("opens the characteristics for %j", (value) => {
    expect(truckTabFrom(value)).toBe("characteristics");
  });
});
