/**
 * The order number a customer quotes on the phone and a manager types to find the order: eight
 * digits in two groups ('4821-0937'), drawn at random (a number says nothing of how many orders
 * the dealer takes) and kept with the order. Digits only: read aloud without spelling a letter,
 * typed the same on a Russian or a Latin keyboard.
 */

/** What a new order's number looks like. */
export const ORDER_NUMBER_PATTERN = /^\d{4}-\d{4}$/;

/** Draws before giving up on a free number: 10^8 numbers make a collision rare, several in a row a fault. */
export const ORDER_NUMBER_TRIES = 20;

/** A random 32-bit whole number from the platform's cryptographic source (Web Crypto, the browser's and Node's). */
function randomUint32(): number {
  const [value] = crypto.getRandomValues(new Uint32Array(1));
  return value;
}

/**
 * A random order number. `draw` gives a whole number of at least 0 (tests pass their own); a
 * draw of 2^32 values reduced modulo 10^8 favours the lower numbers by under 3 %: no one can tell.
 */
export function randomOrderNumber(draw: () => number = randomUint32): string {
  const digits = String(Math.floor(Math.abs(draw())) % 100_000_000).padStart(8, "0");
  return `${digits.slice(0, 4)}-${digits.slice(4)}`;
}

/**
 * A number no other order has: `take` claims a number for good (true) or finds it taken (false),
 * in one step where the orders are kept, so two orders placed at once never share one. Throws
 * when `tries` draws in a row were taken.
 */
export async function newOrderNumber(
  take: (number: string) => Promise<boolean>,
  { draw, tries = ORDER_NUMBER_TRIES }: { draw?: () => number; tries?: number } = {},
): Promise<string> {
  for (let i = 0; i < tries; i++) {
    const number = randomOrderNumber(draw);
    if (await take(number)) return number;
  }
  throw new Error(`no free order number after ${tries} draws`);
}

/**
 * The number of an order placed before numbers were drawn and kept: the first 8 hex digits of its
 * id (a UUID), upper case, in two groups ('1CE1-9FE1'). Those orders keep it wherever it is looked up.
 */
export function derivedOrderNumber(id: string): string {
  const hex = id
    .replace(/[^0-9a-f]/gi, "")
    .slice(0, 8)
    .toUpperCase();
  return `${hex.slice(0, 4)}-${hex.slice(4)}`;
}

/**
 * An order's number, the one every lookup compares with: the one kept with it, or, for an order
 * kept before numbers were drawn, the one derived from its id (and given out then).
 */
export function orderNumberOf(record: { id: string; order?: { number?: string } }): string {
  return record.order?.number ?? derivedOrderNumber(record.id);
}

/** A number the site gave: four and four digits, or hex digits for an order kept before numbers were drawn. */
const SITE_NUMBER = /^[0-9A-F]{4}-[0-9A-F]{4}$/;

/**
 * What may stand before the site's number in one 1C writes back: nothing, leading zeros, or a
 * prefix that ends in a separator or a Cyrillic letter ('ЦБ-', '№', 'САЙТ'), then zeros. A digit
 * or a Latin letter right before it could be part of another number ('14821-0937'): no match.
 */
const PREFIX = /^(?:.*[^0-9A-Z])?0*$/;

/**
 * The site's order number in a `Номер` 1C writes back, or undefined when it does not name one
 * for sure. 1C configurations keep the number with spaces, leading zeros or a prefix of their
 * own ('004821-0937', 'ЦБ-4821-0937', ' 4821 - 0937 '); the site's number is always the last
 * nine characters, so a number with anything after it (a shipment's '/1') names none.
 */
export function siteOrderNumberIn(onecNumber: string): string | undefined {
  const compact = onecNumber
    .replace(/\s+/g, "")
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .toUpperCase();
  const number = compact.slice(-9);
  return SITE_NUMBER.test(number) && PREFIX.test(compact.slice(0, -9)) ? number : undefined;
}

/** The site's order id (the UUID it sent as the document's `Ид`) in the `Ид` 1C writes back, braces and case aside. */
export function siteOrderIdIn(onecId: string | undefined): string | undefined {
  const id = onecId
    ?.trim()
    .replace(/^\{(.*)\}$/, "$1")
    .toLowerCase();
  return id && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id) ? id : undefined;
}
