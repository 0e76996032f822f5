/**
 * The check digits of Russian requisites, as the Federal Tax Service and the Bank of Russia define
 * them: a mistyped digit in the dealer's bank accounts (always) or ИНН and ОГРН (mostly: their
 * remainder of 11 writes 10 as 0) is caught before it reaches an invoice (a bank refuses a payment
 * to an account whose control key does not match its БИК).
 */

const digitsOf = (value: string) => [...value].map(Number);

const weighted = (digits: number[], weights: number[]) => weights.reduce((sum, w, i) => sum + w * digits[i], 0);

/** ИНН: 10 digits (a company) or 12 (a person or sole trader), with their check digits. */
export function innIsValid(inn: string): boolean {
  if (!/^(\d{10}|\d{12})$/.test(inn)) return false;
  const d = digitsOf(inn);
  const check = (weights: number[]) => (weighted(d, weights) % 11) % 10;
  if (d.length === 10) return check([2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[9];
  return check([7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[10] && check([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[11];
}

/** ОГРН (13 digits) or ОГРНИП (15): the number before the last digit, modulo 11 or 13, ends in it. */
export function ogrnIsValid(ogrn: string): boolean {
  if (!/^(\d{13}|\d{15})$/.test(ogrn)) return false;
  const body = BigInt(ogrn.slice(0, -1));
  const modulus = ogrn.length === 13 ? 11n : 13n;
  return Number((body % modulus) % 10n) === Number(ogrn.at(-1));
}

/** The control key of 23 digits (three of the БИК, then the 20 of the account): weights 7, 1, 3. */
function keyMatches(digits: string): boolean {
  const d = digitsOf(digits);
  return d.reduce((sum, digit, i) => sum + digit * [7, 1, 3][i % 3], 0) % 10 === 0;
}

/** A settlement account (расчётный счёт) at the bank of `bik`. */
export function accountIsValid(account: string, bik: string): boolean {
  return /^\d{20}$/.test(account) && /^\d{9}$/.test(bik) && keyMatches(bik.slice(-3) + account);
}

/** The bank's correspondent account (корреспондентский счёт) for its `bik`. */
export function correspondentAccountIsValid(account: string, bik: string): boolean {
  return /^\d{20}$/.test(account) && /^\d{9}$/.test(bik) && keyMatches(`0${bik.slice(4, 6)}${account}`);
}
