/** The three forms of a counted noun: for 1 (21, 101…), for 2–4 (22…), for 0 and 5–20 (11–14 too). */
export type Forms = readonly [one: string, few: string, many: string];

/**
 * The form of a noun after the number `n`: plural(2, ["день", "дня", "дней"]) is "дня". The
 * forms carry the case the phrase needs: after «до» the genitive, ["месяца", "месяцев", "месяцев"].
 */
export function plural(n: number, forms: Forms): string {
  const lastTwo = n % 100;
  const last = n % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return forms[2];
  if (last === 1) return forms[0];
  if (last >= 2 && last <= 4) return forms[1];
  return forms[2];
}

/** Months and years after «до»: 'до 21 месяца', 'до 60 месяцев', 'до 1 года', 'до 5 лет'. */
export const MONTHS_UP_TO: Forms = ["месяца", "месяцев", "месяцев"];
export const YEARS_UP_TO: Forms = ["года", "лет", "лет"];
/** Days as counted ('1 день', '2 дня', '5 дней'), and working days after «за». */
export const DAYS: Forms = ["день", "дня", "дней"];
export const WORKING_DAYS: Forms = ["рабочий день", "рабочих дня", "рабочих дней"];

/** `n` and its noun: counted(2, ["день", "дня", "дней"]) is "2 дня". */
export function counted(n: number, forms: Forms): string {
  return `${n} ${plural(n, forms)}`;
}
