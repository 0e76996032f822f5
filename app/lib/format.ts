/** Money and numbers in the Russian locale. Formatters are created once: they are costly. */
const rub = new Intl.NumberFormat("ru-RU", { style: "currency", currency: "RUB", maximumFractionDigits: 2, minimumFractionDigits: 0 });
const rubWhole = new Intl.NumberFormat("ru-RU", { style: "currency", currency: "RUB", maximumFractionDigits: 0 });
const int = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 0 });

/** A price in roubles: '12 500 ₽' (kopecks only when there are any). */
export function formatRub(value: number): string {
  return rub.format(value);
}

/** Savings amounts have no decimals (spec §9). */
export function formatRubWhole(value: number): string {
  return rubWhole.format(value);
}

export function formatInt(value: number): string {
  return int.format(value);
}
