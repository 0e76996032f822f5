/**
 * The cart, as pure functions shared by the browser (localStorage) and the server (cookie).
 * Items keep the spec's shape: {id, amount}.
 */
export interface CartItem {
  id: string;
  amount: number;
}

export type Cart = CartItem[];

export const CART_STORAGE_KEY = "cart";
/** Browsers drop cookies over 4096 bytes silently; stay well below with name and attributes. */
const CART_COOKIE_MAX_VALUE_BYTES = 3800;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_AMOUNT = 100000;

export function findItem(cart: Cart, id: string): CartItem | undefined {
  return cart.find((item) => item.id === id);
}

export function cartCount(cart: Cart): number {
  return cart.reduce((sum, item) => sum + item.amount, 0);
}

/** Add `amount` (default 1): increases an existing item or appends a new one. */
export function addItem(cart: Cart, id: string, amount = 1): Cart {
  if (amount <= 0) return cart;
  const existing = findItem(cart, id);
  if (!existing) return [...cart, { id, amount }];
  return cart.map((item) => (item.id === id ? { ...item, amount: item.amount + amount } : item));
}

/** Remove `amount` (default 1): decreases, and drops the item when it reaches 0. */
export function removeItem(cart: Cart, id: string, amount = 1): Cart {
  return cart
    .map((item) => (item.id === id ? { ...item, amount: item.amount - amount } : item))
    .filter((item) => item.amount > 0);
}

/** Set an exact amount, clamped to 0..max; 0 drops the item. */
export function setAmount(cart: Cart, id: string, amount: number, max = Infinity): Cart {
  const next = Math.max(0, Math.min(Math.floor(amount), max));
  if (next === 0) return cart.filter((item) => item.id !== id);
  return findItem(cart, id)
    ? cart.map((item) => (item.id === id ? { ...item, amount: next } : item))
    : [...cart, { id, amount: next }];
}

export function clearCart(): Cart {
  return [];
}

/**
 * How many of a part a customer may buy: its balance, or none when it has no price (an API's 0 is
 * 'цена по запросу', as the catalogue feed reads it: never sold at 0 ₽). Undefined for no part.
 */
export function forSale(part: Pick<CartPartInfo, "price" | "balance"> | undefined): number | undefined {
  if (!part) return undefined;
  return part.price > 0 ? part.balance : 0;
}

/** Clamp every amount to the part's balance; unknown ids and zero balances drop out. */
export function clampToStock(cart: Cart, balanceOf: (id: string) => number | undefined): Cart {
  const out: Cart = [];
  for (const item of cart) {
    const balance = balanceOf(item.id);
    if (balance === undefined) continue;
    const amount = Math.min(item.amount, balance);
    if (amount > 0) out.push({ id: item.id, amount });
  }
  return out;
}

/** Accept anything (a parsed localStorage value, a form field) and keep only valid items. */
export function sanitizeCart(value: unknown): Cart {
  if (!Array.isArray(value)) return [];
  const seen = new Map<string, number>();
  for (const raw of value.slice(0, 1000)) {
    if (!raw || typeof raw !== "object") continue;
    const { id, amount } = raw as { id?: unknown; amount?: unknown };
    const key = typeof id === "number" ? String(id) : id;
    if (typeof key !== "string" || !ID_PATTERN.test(key)) continue;
    if (typeof amount !== "number" || !Number.isFinite(amount) || amount < 1) continue;
    seen.set(key, Math.min(MAX_AMOUNT, (seen.get(key) ?? 0) + Math.floor(amount)));
  }
  return [...seen].map(([id, amount]) => ({ id, amount }));
}

/**
 * Compact cookie form: `id.amount~id.amount` (only cookie-safe characters), led by `!stamp` when
 * the writer stamped its change (see cartToKeep). A stamp has no dot, so a reader that knows no
 * stamps skips it as it skips any malformed item.
 */
export function encodeCartCookie(cart: Cart, stamp?: string): string {
  const items = cart.map((item) => `${item.id}.${item.amount}`);
  return (stamp && STAMP_PATTERN.test(stamp) ? [`!${stamp}`, ...items] : items).join("~");
}

const STAMP_PATTERN = /^[a-z0-9]{1,24}$/;

/** The change stamp a cart cookie carries, if any. */
export function cartCookieStamp(value: string | undefined | null): string | undefined {
  const first = value?.split("~", 1)[0];
  const stamp = first?.startsWith("!") ? first.slice(1) : undefined;
  return stamp && STAMP_PATTERN.test(stamp) ? stamp : undefined;
}

/** A new change stamp: the time and a random part, so two writers never pick the same one. */
export function newCartStamp(now: number, random: number): string {
  return `${Math.max(0, Math.floor(now)).toString(36)}${Math.floor(Math.abs(random) * 36 ** 4)
    .toString(36)
    .padStart(4, "0")}`.slice(-24);
}

/**
 * Which copy of the cart a page keeps once its script runs: the browser's (localStorage) or the
 * server's (the cookie the page was rendered from). Every write stamps the cookie, and the
 * browser keeps its last stamp beside localStorage; a cookie stamped otherwise was changed by the
 * server after the browser last wrote it (a purchase posted before the page's script ran, or
 * without it), and that change stands. A cookie without a stamp was lost (browsers drop cookies
 * after a while) or written before stamps: the browser's cart wins as long as it holds anything.
 */
export function cartToKeep(
  browser: { cart: Cart | undefined; stamp: string | undefined },
  serverStamp: string | undefined,
): "browser" | "server" {
  if (serverStamp !== undefined && serverStamp !== browser.stamp) return "server";
  return browser.cart && browser.cart.length > 0 ? "browser" : "server";
}

/** A tampered or malformed cookie is an empty cart, never an error. */
export function decodeCartCookie(value: string | undefined | null): Cart {
  if (!value || value.length > 8192) return [];
  const items: CartItem[] = [];
  for (const part of value.split("~")) {
    const dot = part.lastIndexOf(".");
    if (dot <= 0) continue;
    const amount = Number(part.slice(dot + 1));
    if (!/^\d{1,6}$/.test(part.slice(dot + 1))) continue;
    items.push({ id: part.slice(0, dot), amount });
  }
  return sanitizeCart(items);
}

export function fitsInCookie(cart: Cart): boolean {
  return encodeCartCookie(cart).length <= CART_COOKIE_MAX_VALUE_BYTES;
}

export type CartIntent = "add" | "remove" | "delete";

/** An order none of whose parts is left in stock when it is sent: /cart says so, nothing is sent. */
export const ORDER_SOLD_OUT = "Товаров из вашего заказа не осталось в наличии: заказ не отправлен.";
/** An order none of whose parts can be bought now, not all for want of stock (a price withdrawn): the cart says which and why. */
export const ORDER_UNAVAILABLE = "Товары из вашего заказа сейчас нельзя купить: заказ не отправлен.";

export const CART_FULL_MESSAGE = "Корзина заполнена: оформите заказ или удалите часть позиций, чтобы добавить новые.";

export interface CartPartInfo {
  id: string;
  name: string;
  price: number;
  balance: number;
}

export interface CartChange {
  cart: Cart;
  /** The amount that changed hands: positive for an add, negative for a removal, 0 for nothing. */
  delta: number;
  error?: string;
}

/**
 * One purchase-control click, the same in the browser and in the no-JavaScript action:
 * '+' never goes above the balance, '−' never below 0, and an add that would not fit in
 * the cookie is refused with a message instead of being dropped silently.
 */
export function applyCartIntent(cart: Cart, intent: CartIntent, part: CartPartInfo): CartChange {
  const current = findItem(cart, part.id)?.amount ?? 0;
  if (intent === "add") {
    if (current >= (forSale(part) ?? 0)) return { cart, delta: 0 };
    const next = addItem(cart, part.id);
    if (!fitsInCookie(next)) return { cart, delta: 0, error: CART_FULL_MESSAGE };
    return { cart: next, delta: 1 };
  }
  if (current <= 0) return { cart, delta: 0 };
  if (intent === "remove") return { cart: removeItem(cart, part.id), delta: -1 };
  return { cart: cart.filter((item) => item.id !== part.id), delta: -current };
}

export function isCartIntent(value: unknown): value is CartIntent {
  return value === "add" || value === "remove" || value === "delete";
}
