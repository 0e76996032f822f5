/**
 * A sum of money in Russian words, as an invoice's 'Всего к оплате' writes it: roubles in words,
 * kopecks in two digits, both nouns agreeing with their number ('Двенадцать тысяч шестьсот рублей
 * 00 копеек', 'Двадцать один рубль 01 копейка'). Up to 999 999 999 999 roubles.
 */
import { plural, type Forms } from "./plural";

const UNITS_MASCULINE = ["", "один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять"];
const UNITS_FEMININE = ["", "одна", "две", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять"];
const TEENS = [
  "десять",
  "одиннадцать",
  "двенадцать",
  "тринадцать",
  "четырнадцать",
  "пятнадцать",
  "шестнадцать",
  "семнадцать",
  "восемнадцать",
  "девятнадцать",
];
const TENS = [
  "",
  "",
  "двадцать",
  "тридцать",
  "сорок",
  "пятьдесят",
  "шестьдесят",
  "семьдесят",
  "восемьдесят",
  "девяносто",
];
const HUNDREDS = [
  "",
  "сто",
  "двести",
  "триста",
  "четыреста",
  "пятьсот",
  "шестьсот",
  "семьсот",
  "восемьсот",
  "девятьсот",
];

const ROUBLES: Forms = ["рубль", "рубля", "рублей"];
const KOPECKS: Forms = ["копейка", "копейки", "копеек"];
/** Thousands are feminine ('одна тысяча', 'две тысячи'); the larger groups masculine. */
const GROUPS: { forms: Forms; feminine: boolean }[] = [
  { forms: ["тысяча", "тысячи", "тысяч"], feminine: true },
  { forms: ["миллион", "миллиона", "миллионов"], feminine: false },
  { forms: ["миллиард", "миллиарда", "миллиардов"], feminine: false },
];

/** 1–999 in words. */
function triad(n: number, feminine: boolean): string[] {
  const words = [HUNDREDS[Math.floor(n / 100)]];
  const rest = n % 100;
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10]);
  else words.push(TENS[Math.floor(rest / 10)], (feminine ? UNITS_FEMININE : UNITS_MASCULINE)[rest % 10]);
  return words.filter(Boolean);
}

/** A whole number of roubles in words, without the noun: 12600 → 'двенадцать тысяч шестьсот'. */
export function integerInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n > 999_999_999_999) throw new RangeError(`out of range: ${n}`);
  if (n === 0) return "ноль";
  const words: string[] = [];
  for (let group = GROUPS.length; group >= 0; group--) {
    const value = Math.floor(n / 1000 ** group) % 1000;
    if (value === 0) continue;
    if (group === 0) {
      words.push(...triad(value, false));
    } else {
      const { forms, feminine } = GROUPS[group - 1];
      words.push(...triad(value, feminine), plural(value, forms));
    }
  }
  return words.join(" ");
}

/** A sum in roubles (kopecks as the fraction) in words, capitalised: 12600 → 'Двенадцать тысяч шестьсот рублей 00 копеек'. */
export function sumInWords(rub: number): string {
  if (!Number.isFinite(rub) || rub < 0) throw new RangeError(`not a sum: ${rub}`);
  const totalKopecks = Math.round(rub * 100);
  const roubles = Math.floor(totalKopecks / 100);
  const kopecks = totalKopecks % 100;
  const text =
    `${integerInWords(roubles)} ${plural(roubles, ROUBLES)} ` +
    `${String(kopecks).padStart(2, "0")} ${plural(kopecks, KOPECKS)}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
