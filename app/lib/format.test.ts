import { describe, expect, it } from "vitest";
import { formatInt, formatRub, formatRubWhole, formatSpecValue, partPrice } from "./format";

describe("format", () => {
  it("formats roubles in the Russian locale, with no-break spaces", () => {
    expect(formatRub(12500)).toBe("12\u00a0500\u00a0₽");
    expect(formatRub(99.5)).toBe("99,5\u00a0₽");
    expect(formatRub(1234567.891)).toBe("1\u00a0234\u00a0567,89\u00a0₽");
    expect(formatRub(0)).toBe("0\u00a0₽");
    expect(formatRub(100.001)).toBe("100\u00a0₽");
  });

  it("shows a part without a price as on request, never 0 ₽", () => {
    expect(partPrice(0)).toBe("Цена по запросу");
    expect(partPrice(1250)).toBe("1\u00a0250\u00a0₽");
  });

  it("formats savings without decimals", () => {
    expect(formatRubWhole(800000)).toBe("800\u00a0000\u00a0₽");
    expect(formatRubWhole(600000.7)).toBe("600\u00a0001\u00a0₽");
  });

  it("formats counts", () => {
    expect(formatInt(1500)).toBe("1\u00a0500");
    expect(formatInt(999)).toBe("999");
    expect(formatInt(-1500)).toBe("-1\u00a0500");
    expect(formatInt(-0.2)).toBe("0");
  });

  it("writes what ru-RU's Intl.NumberFormat writes for the prices the site shows", () => {
    const rub = new Intl.NumberFormat("ru-RU", {
      style: "currency",
      currency: "RUB",
      maximumFractionDigits: 2,
      minimumFractionDigits: 0,
    });
    const int = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 0 });
    // Intl may use a narrow no-break space in other ICU versions; the digits and marks must agree.
    const same = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");
    for (const value of [
      0, 1, 7.5, 99.99, 100, 999.9, 1000, 12500, 45990.5, 123456.78, 1000000, 59000000, 987654321.01,
    ]) {
      expect(same(formatRub(value))).toBe(same(rub.format(value)));
      expect(same(formatInt(value))).toBe(same(int.format(value)));
    }
  });

  it("leaves non-finite and huge values readable instead of throwing", () => {
    expect(formatInt(Number.NaN)).toBe("NaN");
    expect(formatRub(1e22)).toBe("1e+22\u00a0₽");
  });
});

describe("formatSpecValue", () => {
  it("shows text as it is and a measure with its thousands grouped", () => {
    expect(formatSpecValue("Евро-5")).toBe("Евро-5");
    expect(formatSpecValue({ amounts: [9200], unit: "кг" })).toBe("9\u00a0200 кг");
    expect(formatSpecValue({ amounts: [3800, 1350], unit: "мм" })).toBe("3\u00a0800 + 1\u00a0350 мм");
  });
});
