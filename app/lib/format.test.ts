import { describe, expect, it } from "vitest";
import { formatInt, formatRub, formatRubWhole } from "./format";

// Intl uses narrow no-break spaces; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("format", () => {
  it("formats roubles in the Russian locale", () => {
    expect(plain(formatRub(12500))).toBe("12 500 ₽");
    expect(plain(formatRub(99.5))).toBe("99,5 ₽");
  });

  it("formats savings without decimals", () => {
    expect(plain(formatRubWhole(800000))).toBe("800 000 ₽");
    expect(plain(formatRubWhole(600000.7))).toBe("600 001 ₽");
  });

  it("formats counts", () => {
    expect(plain(formatInt(1500))).toBe("1 500");
  });
});
