/**
 * Money and numbers in the Russian locale: thousands grouped with a no-break space, a decimal
 * comma, '₽' after a no-break space ('12 500 ₽', '99,5 ₽'), as ru-RU's Intl.NumberFormat writes
 * them. Written out rather than taken from Intl because the browser formats every price again
 * while it hydrates: its first Intl formatter loads locale data (~40 ms on a phone-class CPU,
 * the largest single cost of hydrating a parts page), and the server's and the browser's ICU
 * versions could disagree on a space and break hydration. Rounding is half up.
 */
const NBSP = "\u00a0";

function formatNumber(value: number, maxFractionDigits: number): string {
  if (!Number.isFinite(value)) return String(value);
  const fixed = Math.abs(value).toFixed(maxFractionDigits);
  if (fixed.includes("e")) return String(value);
  const [whole, fraction = ""] = fixed.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, NBSP);
  const decimals = fraction.replace(/0+$/, "");
  const sign = value < 0 && /[1-9]/.test(fixed) ? "-" : "";
  return sign + grouped + (decimals ? `,${decimals}` : "");
}

/** A price in roubles: '12 500 ₽' (kopecks only when there are any). */
export function formatRub(value: number): string {
  return `${formatNumber(value, 2)}${NBSP}₽`;
}

/** A part's price as the catalogue shows it: none (an API's 0) is 'Цена по запросу', never '0 ₽'. */
export function partPrice(price: number): string {
  return price > 0 ? formatRub(price) : "Цена по запросу";
}

/** Savings amounts have no decimals (spec §9). */
export function formatRubWhole(value: number): string {
  return `${formatNumber(value, 0)}${NBSP}₽`;
}

export function formatInt(value: number): string {
  return formatNumber(value, 0);
}

/**
 * A value of a specification table: text as it is, a measure as '9 200 кг' (thousands grouped
 * with a no-break space, so a number never wraps), several amounts as a sum ('3 800 + 1 350 мм').
 */
export function formatSpecValue(value: string | { amounts: readonly number[]; unit: string }): string {
  return typeof value === "string" ? value : `${value.amounts.map(formatInt).join(" + ")} ${value.unit}`;
}
