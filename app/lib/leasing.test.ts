import { describe, expect, it } from "vitest";
import {
  leasingAsTyped,
  estimateLeasing,
  groupPriceAsTyped,
  LEASING_MESSAGES,
  leasingFromParams,
  leasingStart,
  leasingSummary,
  LEASING_DEFAULTS,
  LEASING_LIMITS,
  leasingDefaults,
  readLeasing,
} from "./leasing";
import { formatInt } from "./format";

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

  // The dealer's ranges (app/content; the spec's 1 000 000–50 000 000 ₽, 5–49 %, 12–60 months).
  const L = LEASING_LIMITS;

  it("accepts the bounds and refuses just past them, in Russian", () => {
    const typed = (price: number, advance: number, term: number) => ({
      price: String(price),
      advance: String(advance).replace(".", ","),
      term: String(term),
    });
    expect(readLeasing(typed(L.priceMin, L.advanceMin, L.termMin)).input).toBeDefined();
    expect(readLeasing(typed(L.priceMax, L.advanceMax, L.termMax)).input).toBeDefined();
    const below = readLeasing(typed(L.priceMin - 1, L.advanceMin - 0.01, L.termMin - 1));
    expect(below.input).toBeUndefined();
    const nbsp = (n: number) => new Intl.NumberFormat("ru-RU").format(n).replace(/\s/g, "\u00a0");
    expect(below.errors).toEqual({
      price: `Стоимость техники — от ${nbsp(L.priceMin)} до ${nbsp(L.priceMax)}\u00a0₽`,
      advance: `Аванс — от ${L.advanceMin} до ${L.advanceMax}\u00a0%`,
      term: `Срок — от ${L.termMin} до ${L.termMax} ${L.termMax % 10 === 1 && L.termMax % 100 !== 11 ? "месяца" : "месяцев"}`,
    });
    expect(readLeasing(typed(L.priceMax + 1, L.advanceMax + 0.01, L.termMax + 1)).errors).toEqual(below.errors);
  });

  it("works out the figures for the last valid value of a field typed out of range", () => {
    const last = { price: L.priceMin, advancePercent: L.advanceMin, termMonths: L.termMin };
    const price = L.priceMin + 1;
    const reading = readLeasing(
      { price: String(price), advance: String(L.advanceMax + 1), term: String(L.termMax + 1) },
      last,
    );
    expect(reading.input).toBeUndefined();
    expect(reading.shown).toEqual({ price, advancePercent: L.advanceMin, termMonths: L.termMin });
    // With nothing shown before (a page opened with a bad URL), the calculator's first figures.
    expect(readLeasing({ ...LEASING_DEFAULTS, price: "abc" }).shown).toEqual({
      price: Number(LEASING_DEFAULTS.price.replace(/\D/g, "")),
      advancePercent: Number(LEASING_DEFAULTS.advance),
      termMonths: Number(LEASING_DEFAULTS.term),
    });
    const valid = readLeasing(
      { price: String(L.priceMin), advance: String(L.advanceMin), term: String(L.termMax) },
      last,
    );
    expect(valid.shown).toEqual(valid.input);
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
  });
});

describe("groupPriceAsTyped", () => {
  const at = (value: string) => ({ value: value.replace("|", ""), caret: value.indexOf("|") });
  const show = ({ value, caret }: { value: string; caret: number }) =>
    (value.slice(0, caret) + "|" + value.slice(caret)).replace(/\u00a0/g, " ");

  it.each([
    ["1|", "1|"],
    ["1000|", "1 000|"],
    ["1 0000|", "10 000|"],
    ["10 0000|", "100 000|"],
    ["1000000|", "1 000 000|"],
    // A digit typed in the middle keeps the caret after it.
    ["1 5000| 000", "15 000| 000"],
    // Backspace over a group space takes no digit away.
    ["1|000 000", "1| 000 000"],
    ["|", "|"],
    ["00|", "0|"],
  ])("%s becomes %s", (typed, expected) => {
    expect(show(groupPriceAsTyped(at(typed).value, at(typed).caret))).toBe(expected);
  });

  it("leaves text that is not digits and spaces as typed, for its message", () => {
    expect(groupPriceAsTyped("10 млн", 6)).toEqual({ value: "10 млн", caret: 6 });
  });
});

describe("leasingStart", () => {
  const none = new URLSearchParams();
  it("starts from the values the URL or the form carries", () => {
    const params = new URLSearchParams({ price: "3 500 000", advance: "15", term: "24" });
    expect(leasingStart(params, { price: 9_000_000 })).toEqual({ price: "3 500 000", advance: "15", term: "24" });
  });

  it("starts at a model's 'цена от', and with no price at all for a model on request", () => {
    expect(leasingStart(none, { price: 9_450_000 }).price).toBe(formatInt(9_450_000));
    expect(leasingStart(none, {})).toEqual({ ...LEASING_DEFAULTS, price: "" });
    // Elsewhere, the calculator's own defaults.
    expect(leasingStart(none)).toEqual(LEASING_DEFAULTS);
  });
});

describe("leasingDefaults", () => {
  const wide = { priceMin: 1_000_000, priceMax: 50_000_000, advanceMin: 5, advanceMax: 49, termMin: 12, termMax: 60 };

  it("opens at 10 000 000 ₽, 20 % and 36 months, within the dealer's ranges", () => {
    expect(readLeasing(LEASING_DEFAULTS).errors).toEqual({});
    expect(leasingDefaults(wide)).toEqual({ price: formatInt(10_000_000), advance: "20", term: "36" });
  });

  it("brings each figure within a dealer's narrower ranges", () => {
    // Two years at most, an advance from 30 %, up to 5 000 000 ₽.
    const narrow = { ...wide, priceMax: 5_000_000, advanceMin: 30, termMax: 24 };
    expect(leasingDefaults(narrow)).toEqual({ price: formatInt(5_000_000), advance: "30", term: "24" });
    const dear = { ...wide, priceMin: 12_000_000, priceMax: 60_000_000, advanceMax: 15, termMin: 48 };
    expect(leasingDefaults(dear)).toEqual({ price: formatInt(12_000_000), advance: "15", term: "48" });
  });
});

describe("leasingAsTyped", () => {
  it("names the model, why there is no calculation and each value as typed, or that none was given", () => {
    const { advance, term } = LEASING_DEFAULTS;
    const reading = readLeasing({ price: "", advance, term });
    expect(reading.input).toBeUndefined();
    expect(leasingAsTyped(reading, "FAW J6P")).toBe(
      `FAW J6P: расчёт не выполнен (${LEASING_MESSAGES.priceEmpty}). Указано: стоимость не указана, аванс «${advance}» %, срок «${term}» мес.`,
    );
  });
});
