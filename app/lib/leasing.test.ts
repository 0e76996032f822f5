import { describe, expect, it } from "vitest";
import {
  estimateLeasing,
  LEASING_MESSAGES,
  leasingFields,
  leasingFromParams,
  leasingSummary,
  readLeasing,
} from "./leasing";

/**
 * The payment found another way: the smallest whole-rouble payment that pays the debt off within
 * the term, month by month (interest added, payment taken), searched by bisection. It agrees with
 * the annuity formula to the rouble; the figures below were also worked out with Python's
 * decimal module (50 digits).
 */
function paymentBySchedule(financed: number, annualRatePercent: number, months: number): number {
  const monthly = annualRatePercent / 100 / 12;
  const leftAfter = (payment: number) => {
    let debt = financed;
    for (let m = 0; m < months; m++) debt = debt * (1 + monthly) - payment;
    return debt;
  };
  let low = 0;
  let high = financed;
  while (high - low > 1e-6) {
    const mid = (low + high) / 2;
    if (leftAfter(mid) > 0) low = mid;
    else high = mid;
  }
  return Math.round(high);
}

describe("estimateLeasing", () => {
  it.each([
    // price, advance %, months, rate %, advance ₽, payment ₽, total ₽
    [10_000_000, 20, 36, 20, 2_000_000, 297_309, 12_703_124],
    [3_500_000, 15.5, 24, 20, 542_500, 150_524, 4_155_076],
    [50_000_000, 49, 59, 20, 24_500_000, 682_299, 64_755_641],
    [1_000_000, 5, 12, 20, 50_000, 88_003, 1_106_036],
    [7_250_000, 30, 48, 0, 2_175_000, 105_729, 7_249_992],
  ])(
    "%i ₽, %d %%, %i months at %d %%: advance %i, payment %i, total %i",
    (price, advancePercent, termMonths, rate, advance, payment, total) => {
      const estimate = estimateLeasing({ price, advancePercent, termMonths }, rate);
      expect(estimate).toEqual({ advance, financed: price - advance, monthlyPayment: payment, total });
      if (rate > 0) expect(paymentBySchedule(price - advance, rate, termMonths)).toBe(payment);
      expect(total).toBe(advance + payment * termMonths);
    },
  );

  it("costs more with a longer term and less with a bigger advance", () => {
    const base = estimateLeasing({ price: 10_000_000, advancePercent: 20, termMonths: 36 }, 20);
    const longer = estimateLeasing({ price: 10_000_000, advancePercent: 20, termMonths: 59 }, 20);
    const moreDown = estimateLeasing({ price: 10_000_000, advancePercent: 40, termMonths: 36 }, 20);
    expect(longer.monthlyPayment).toBeLessThan(base.monthlyPayment);
    expect(longer.total).toBeGreaterThan(base.total);
    expect(moreDown.monthlyPayment).toBeLessThan(base.monthlyPayment);
  });
});

describe("readLeasing", () => {
  it("takes numbers as people type them: spaces, a unit, a decimal comma", () => {
    expect(readLeasing({ price: "3 500 000 ₽", advance: "15,5 %", term: "24 мес." }).input).toEqual({
      price: 3_500_000,
      advancePercent: 15.5,
      termMonths: 24,
    });
    expect(readLeasing({ price: "3\u00a0500\u00a0000", advance: "15.5", term: "24" }).input).toEqual({
      price: 3_500_000,
      advancePercent: 15.5,
      termMonths: 24,
    });
  });

  it("fills a field that is not there with its default, and calls an emptied one empty", () => {
    expect(readLeasing({}).input).toEqual({ price: 10_000_000, advancePercent: 20, termMonths: 36 });
    expect(readLeasing({ price: "", advance: " ", term: "" }).errors).toEqual({
      price: LEASING_MESSAGES.priceEmpty,
      advance: LEASING_MESSAGES.advanceEmpty,
      term: LEASING_MESSAGES.termEmpty,
    });
  });

  it("accepts the bounds and refuses just past them, in Russian", () => {
    expect(readLeasing({ price: "1000000", advance: "5", term: "12" }).input).toBeDefined();
    expect(readLeasing({ price: "50000000", advance: "49", term: "59" }).input).toBeDefined();
    const below = readLeasing({ price: "999999", advance: "4,99", term: "11" });
    expect(below.input).toBeUndefined();
    expect(below.errors).toEqual({
      price: "Стоимость техники — от 1\u00a0000\u00a0000 до 50\u00a0000\u00a0000\u00a0₽",
      advance: "Аванс — от 5 до 49\u00a0%",
      term: "Срок — от 12 до 59 месяцев",
    });
    expect(readLeasing({ price: "50000001", advance: "49.01", term: "60" }).errors).toEqual(below.errors);
  });

  it("refuses what is not a number without throwing", () => {
    for (const junk of ["abc", "-5", "1e7", "12,5,5", "0x10", "Infinity", "١٠٠٠٠٠٠", "9".repeat(400), "<script>"]) {
      const reading = readLeasing({ price: junk, advance: junk, term: junk });
      expect(reading.input).toBeUndefined();
      expect(Object.keys(reading.errors).sort()).toEqual(["advance", "price", "term"]);
    }
    expect(readLeasing({ term: "36,5" }).errors.term).toBe(LEASING_MESSAGES.termNaN);
  });

  it("reads the URL's query", () => {
    const reading = leasingFromParams(new URLSearchParams("modal=leasing&price=5+000+000&advance=10&term=48"));
    expect(reading.input).toEqual({ price: 5_000_000, advancePercent: 10, termMonths: 48 });
    expect(reading.values).toEqual({ price: "5 000 000", advance: "10", term: "48" });
  });
});

describe("leasingSummary", () => {
  it("writes the calculation for the lead's comment", () => {
    const input = { price: 3_500_000, advancePercent: 15.5, termMonths: 24 };
    expect(leasingSummary(input, estimateLeasing(input, 20))).toBe(
      "Стоимость 3\u00a0500\u00a0000\u00a0₽, аванс 15,5 %, срок 24 мес., платеж ≈ 150\u00a0524\u00a0₽",
    );
    expect(leasingFields(input)).toEqual({ price: "3500000", advance: "15,5", term: "24" });
  });
});
