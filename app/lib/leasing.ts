/**
 * The leasing calculator (spec §9's terms): a price, an advance in percent and a term in months,
 * read from what a visitor typed or from the URL, and the estimate of an annuity at a fixed
 * annual rate. The same code runs in the browser as the visitor types, on the server for the
 * no-JavaScript form, and in the lead action that adds the calculation to the comment.
 */
import { LEASING } from "~/content";
import { formatInt, formatRubWhole } from "./format";
import { counted, MONTHS_UP_TO } from "./plural";

/** The calculator's query parameters (and the leasing lead's hidden fields). */
export const LEASING_PARAMS = ["price", "advance", "term"] as const;
export type LeasingParam = (typeof LEASING_PARAMS)[number];

/** What the visitor typed, field by field. */
export type LeasingValues = Record<LeasingParam, string>;

export interface LeasingInput {
  /** Price of the vehicle, whole roubles. */
  price: number;
  advancePercent: number;
  termMonths: number;
}

export interface LeasingEstimate {
  /** The advance, whole roubles. */
  advance: number;
  /** What the leasing company pays beyond the advance. */
  financed: number;
  /** The monthly annuity payment, whole roubles. */
  monthlyPayment: number;
  /** The advance plus every monthly payment as shown: what the contract costs in all. */
  total: number;
}

export const LEASING_LIMITS = {
  priceMin: LEASING.amountFrom,
  priceMax: LEASING.amountTo,
  advanceMin: LEASING.minAdvancePercent,
  advanceMax: LEASING.maxAdvancePercent,
  termMin: LEASING.minTermMonths,
  // The spec's 5 years; the hero's 'до 59 месяцев' is its own wording.
  termMax: LEASING.termYears * 12,
} as const;

const L = LEASING_LIMITS;

const within = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** The calculator's first figures: 10 000 000 ₽, 20 % and 36 months, each brought within `limits`. */
export function leasingDefaults(limits: Record<keyof typeof LEASING_LIMITS, number>): LeasingValues {
  return {
    price: formatInt(within(10_000_000, limits.priceMin, limits.priceMax)),
    advance: String(within(20, limits.advanceMin, limits.advanceMax)),
    term: String(within(36, limits.termMin, limits.termMax)),
  };
}

/** The first figures within the dealer's ranges (app/content). */
export const LEASING_DEFAULTS: LeasingValues = leasingDefaults(L);

export const LEASING_MESSAGES = {
  priceEmpty: "Укажите стоимость техники",
  priceNaN: "Стоимость — целое число рублей, например 10 000 000",
  priceRange: `Стоимость техники — от ${formatInt(L.priceMin)} до ${formatInt(L.priceMax)}\u00a0₽`,
  advanceEmpty: "Укажите аванс",
  advanceNaN: "Аванс — число процентов, например 20 или 15,5",
  advanceRange: `Аванс — от ${L.advanceMin} до ${L.advanceMax}\u00a0%`,
  termEmpty: "Укажите срок",
  termNaN: "Срок — целое число месяцев, например 36",
  termRange: `Срок — от ${L.termMin} до ${counted(L.termMax, MONTHS_UP_TO)}`,
} as const;

export const LEASING_DISCLAIMER = "Предварительный расчет, не является офертой";

/** Longer input is not a number anyone types; it is refused before any parsing. */
const MAX_INPUT = 30;

/** Spaces of any kind (a pasted '10 000 000' has no-break ones) and a unit typed after the number. */
function clean(value: string, unit: RegExp): string {
  return value.replace(/[\s\u00a0\u202f]+/g, "").replace(unit, "");
}

type Field<T> = { value: T } | { error: string };

function readPrice(raw: string): Field<number> {
  const text = clean(raw, /(₽|руб\.?|р\.?)$/i);
  if (text === "") return { error: LEASING_MESSAGES.priceEmpty };
  if (raw.length > MAX_INPUT || !/^\d+$/.test(text)) return { error: LEASING_MESSAGES.priceNaN };
  const price = Number(text);
  if (price < L.priceMin || price > L.priceMax) return { error: LEASING_MESSAGES.priceRange };
  return { value: price };
}

function readAdvance(raw: string): Field<number> {
  const text = clean(raw, /%$/);
  if (text === "") return { error: LEASING_MESSAGES.advanceEmpty };
  if (raw.length > MAX_INPUT || !/^\d+([.,]\d{1,2})?$/.test(text)) return { error: LEASING_MESSAGES.advanceNaN };
  const percent = Number(text.replace(",", "."));
  if (percent < L.advanceMin || percent > L.advanceMax) return { error: LEASING_MESSAGES.advanceRange };
  return { value: percent };
}

function readTerm(raw: string): Field<number> {
  const text = clean(raw, /(мес\.?|месяц[а-я]*)$/i);
  if (text === "") return { error: LEASING_MESSAGES.termEmpty };
  if (raw.length > MAX_INPUT || !/^\d+$/.test(text)) return { error: LEASING_MESSAGES.termNaN };
  const months = Number(text);
  if (months < L.termMin || months > L.termMax) return { error: LEASING_MESSAGES.termRange };
  return { value: months };
}

export interface LeasingReading {
  values: LeasingValues;
  /** Set when every field is a number within its range. */
  input?: LeasingInput;
  /**
   * What the figures are worked out for, always: the input when it is valid, otherwise each field
   * that is not taken from `lastShown` (the last figures shown) or, with none, from the defaults.
   */
  shown: LeasingInput;
  errors: Partial<Record<LeasingParam, string>>;
}

/** The defaults as numbers. */
export const LEASING_DEFAULT_INPUT: LeasingInput = { price: 10_000_000, advancePercent: 20, termMonths: 36 };

/**
 * Reads the three fields; a field that is not there at all takes its default. `lastShown` is what
 * the calculator showed before this change, so a field typed out of range keeps the figures of
 * the last valid value beside its message.
 */
export function readLeasing(
  raw: Partial<Record<LeasingParam, string | null | undefined>>,
  lastShown: LeasingInput = LEASING_DEFAULT_INPUT,
): LeasingReading {
  const values: LeasingValues = {
    price: raw.price ?? LEASING_DEFAULTS.price,
    advance: raw.advance ?? LEASING_DEFAULTS.advance,
    term: raw.term ?? LEASING_DEFAULTS.term,
  };
  const price = readPrice(values.price);
  const advance = readAdvance(values.advance);
  const term = readTerm(values.term);
  const errors: LeasingReading["errors"] = {};
  if ("error" in price) errors.price = price.error;
  if ("error" in advance) errors.advance = advance.error;
  if ("error" in term) errors.term = term.error;
  const shown: LeasingInput = {
    price: "value" in price ? price.value : lastShown.price,
    advancePercent: "value" in advance ? advance.value : lastShown.advancePercent,
    termMonths: "value" in term ? term.value : lastShown.termMonths,
  };
  const valid = "value" in price && "value" in advance && "value" in term;
  return valid ? { values, errors, input: shown, shown } : { values, errors, shown };
}

/**
 * A price as it is typed, its thousands grouped at once ('1000000' → '1 000 000'), with the caret
 * kept after the same digit. Written here rather than with Intl for the reasons in format.ts.
 */
export function groupPriceAsTyped(value: string, caret: number): { value: string; caret: number } {
  if (!/^[\d\s\u00a0\u202f]*$/.test(value)) return { value, caret };
  const digitsBefore = value.slice(0, caret).replace(/\D/g, "").length;
  const digits = value.replace(/\D/g, "").replace(/^0+(?=\d)/, "");
  const grouped = digits === "" ? "" : formatInt(Number(digits.slice(0, 15)));
  let seen = 0;
  let position = 0;
  while (position < grouped.length && seen < digitsBefore) {
    if (/\d/.test(grouped[position])) seen++;
    position++;
  }
  return { value: grouped, caret: position };
}

/** The three fields from a URL's query (or any form data read the same way). */
export function leasingFromParams(params: { get(name: string): unknown }): LeasingReading {
  const get = (name: LeasingParam) => {
    const value = params.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return readLeasing({ price: get("price"), advance: get("advance"), term: get("term") });
}

/**
 * Where a leasing request's calculator starts: the values a URL or a form carries; else, on a
 * model's page, the model's 'цена от', or an empty price for a model on request (never the
 * calculator's default, which would be a price nobody gave); else the defaults.
 */
export function leasingStart(
  params: { get(name: string): unknown; has(name: string): boolean },
  truck?: { price?: number },
): LeasingValues {
  const { values } = leasingFromParams(params);
  if (params.has("price") || !truck) return values;
  return { ...values, price: truck.price ? formatInt(truck.price) : "" };
}

/**
 * The estimate: an annuity on the price less the advance at `annualRatePercent` a year, paid
 * monthly over the term. Advance and payment are rounded to whole roubles, and the total is
 * built from those rounded figures, so it is what a visitor gets adding up what is shown.
 */
export function estimateLeasing(
  { price, advancePercent, termMonths }: LeasingInput,
  annualRatePercent: number,
): LeasingEstimate {
  const advance = Math.round((price * advancePercent) / 100);
  const financed = price - advance;
  const rate = annualRatePercent / 100 / 12;
  const payment = rate === 0 ? financed / termMonths : (financed * rate) / (1 - (1 + rate) ** -termMonths);
  const monthlyPayment = Math.round(payment);
  return { advance, financed, monthlyPayment, total: advance + monthlyPayment * termMonths };
}

/** A percent as people write it in Russian: '20', '15,5'. */
export function formatPercent(value: number): string {
  return String(Math.round(value * 100) / 100).replace(".", ",");
}

/** The calculation as it goes into a leasing lead's comment, naming the model when the request came from its page. */
export function leasingSummary(input: LeasingInput, estimate: LeasingEstimate, truckName?: string): string {
  return `${truckName ? `${truckName}: с` : "С"}тоимость ${formatRubWhole(input.price)}, аванс ${formatPercent(input.advancePercent)} %, срок ${input.termMonths} мес., платеж ≈ ${formatRubWhole(estimate.monthlyPayment)}`;
}

/**
 * A leasing request's calculator when its values make no calculation (a price out of range, none
 * for a model on request): the values as typed and why, for the manager to see what was meant.
 */
export function leasingAsTyped({ values, errors }: Pick<LeasingReading, "values" | "errors">, truckName?: string) {
  const typed = (value: string, none: string) => (value.trim() ? `«${value.trim().slice(0, 100)}»` : none);
  const why = Object.values(errors).join("; ");
  return (
    `${truckName ? `${truckName}: р` : "Р"}асчёт не выполнен${why ? ` (${why})` : ""}. Указано: ` +
    `стоимость ${typed(values.price, "не указана")}, аванс ${typed(values.advance, "не указан")} %, ` +
    `срок ${typed(values.term, "не указан")} мес.`
  );
}

/** The query's other parameters, which the calculator's GET form sends along unchanged. */
export function paramsBesideLeasing(params: URLSearchParams): [string, string][] {
  return [...params].filter(([name]) => !(LEASING_PARAMS as readonly string[]).includes(name));
}
