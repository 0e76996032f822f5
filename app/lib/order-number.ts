/**
 * The order number a customer quotes on the phone: the first 8 hex digits of the order's id (a
 * UUID, also the notify service's Idempotency-Key), upper case, in two groups of four.
 */
export function orderNumber(id: string): string {
  const hex = id
    .replace(/[^0-9a-f]/gi, "")
    .slice(0, 8)
    .toUpperCase();
  return `${hex.slice(0, 4)}-${hex.slice(4)}`;
}
