import { clampToStock, forSale, type Cart } from "./cart";
import { kopecks } from "./money";
import type { PartLookup } from "./part-lookup";

export interface CartLine {
  id: string;
  slug: string;
  name: string;
  article: string;
  price: number;
  balance: number;
  amount: number;
  image?: string;
}

/** The cart as shown: amounts clamped to the current balance, unknown, sold-out or unpriced parts left out. */
export function cartLines(cart: Cart, byId: PartLookup): CartLine[] {
  return clampToStock(cart, (id) => forSale(byId.get(id))).map((item) => {
    const part = byId.get(item.id)!;
    return {
      id: part.id,
      slug: part.slug,
      name: part.fullName || part.name,
      article: part.article,
      price: part.price,
      balance: part.balance,
      amount: item.amount,
      image: part.images[0],
    };
  });
}

/** A part the cart holds that cannot be bought now, and why: none left, or no price to sell it at. */
export interface UnavailableLine {
  id: string;
  slug: string;
  name: string;
  reason: "sold-out" | "unpriced";
}

/**
 * The parts of the cart the catalogue lists but cartLines leaves out, for the cart page to say why
 * they are not in the order (the browser's cart drops them as it clamps to stock; without
 * JavaScript the cookie keeps them until the cart changes). A part the catalogue no longer lists
 * is left out of both.
 */
export function unavailableLines(cart: Cart, byId: PartLookup): UnavailableLine[] {
  return cart.flatMap((item) => {
    const part = byId.get(item.id);
    if (!part || (forSale(part) ?? 0) > 0) return [];
    const reason = part.price > 0 ? ("sold-out" as const) : ("unpriced" as const);
    return [{ id: part.id, slug: part.slug, name: part.fullName || part.name, reason }];
  });
}

/**
 * What the customer was shown of an order's lines (each part, its amount and price), sent back with
 * the order form: an order whose lines have changed by the time it is sent (the catalogue
 * refreshed, a part sold out or repriced) is shown again instead of being taken.
 */
export function linesSeen(lines: readonly Pick<CartLine, "id" | "amount" | "price">[]): string {
  const seen = lines.map((line) => [line.id, line.amount, line.price] as const);
  return JSON.stringify(seen.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Whether two orders' lines hold the same parts in the same amounts, whatever their prices. */
export function sameGoods(
  a: readonly Pick<CartLine, "id" | "amount">[],
  b: readonly Pick<CartLine, "id" | "amount">[],
): boolean {
  return linesSeen(a.map((line) => ({ ...line, price: 0 }))) === linesSeen(b.map((line) => ({ ...line, price: 0 })));
}

/** The goods' sum, added up in whole kopecks (see `kopecks`): free delivery is a comparison with it. */
export function cartTotal(lines: readonly Pick<CartLine, "price" | "amount">[]): number {
  return lines.reduce((sum, line) => sum + kopecks(line.price) * line.amount, 0) / 100;
}

/**
 * The server's lines as the visitor's browser cart has them: its amounts, clamped to each line's
 * balance, and without the lines it no longer holds. Without `amountOf` (before the browser cart
 * has been reconciled with the server's, or without JavaScript) the server's amounts stand.
 */
export function shownCartLines(lines: readonly CartLine[], amountOf?: (id: string) => number): CartLine[] {
  return lines
    .map((line) => ({ ...line, amount: amountOf ? Math.min(amountOf(line.id), line.balance) : line.amount }))
    .filter((line) => line.amount > 0);
}
