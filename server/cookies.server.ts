/**
 * The server's cookies. Two only the server reads, as Remix cookies (JSON in base64): the
 * analytics events of cart changes made without JavaScript, handed to the next page once, and the
 * last order (signed), which its success page shows. The cart and the consent flag are written by the
 * browser too; their format is in app/lib/cookies.ts, read here from the request.
 */
import { createCookie } from "@remix-run/node";
import type { EcommerceEvent } from "~/lib/analytics";
import type { Cart } from "~/lib/cart";
import { cartFromCookies } from "~/lib/cookies";

/** Cookies are Secure where the site is served over HTTPS in production. */
export function isSecure(config: { NODE_ENV: string; SITE_URL: string }): boolean {
  return config.NODE_ENV === "production" && config.SITE_URL.startsWith("https:");
}

export function readCart(request: Request): Cart {
  return cartFromCookies(request.headers.get("Cookie"));
}

const cartEventsCookie = createCookie("cart_events", { path: "/", maxAge: 600, sameSite: "lax" });
export const CART_EVENTS_COOKIE_NAME = cartEventsCookie.name;
const MAX_EVENTS = 20;
/** The Set-Cookie header's length, well below the 4 KB a browser keeps. */
const MAX_EVENTS_HEADER_BYTES = 3000;

function isEvent(value: unknown): value is EcommerceEvent {
  return !!value && typeof value === "object" && (value as Partial<EcommerceEvent>).ecommerce?.currencyCode === "RUB";
}

export async function readCartEvents(request: Request): Promise<EcommerceEvent[]> {
  const value: unknown = await cartEventsCookie.parse(request.headers.get("Cookie"));
  return Array.isArray(value) ? value.filter(isEvent).slice(0, MAX_EVENTS) : [];
}

/** Appends an event; the oldest are dropped when the cookie would grow too big. */
export async function appendCartEvent(
  existing: EcommerceEvent[],
  event: EcommerceEvent,
  secure: boolean,
): Promise<string> {
  const events = [...existing, event];
  let header = await cartEventsCookie.serialize(events, { secure });
  while (events.length > 1 && header.length > MAX_EVENTS_HEADER_BYTES) {
    events.shift();
    header = await cartEventsCookie.serialize(events, { secure });
  }
  return header;
}

export function clearCartEvents(secure: boolean): Promise<string> {
  return cartEventsCookie.serialize("", { maxAge: 0, secure });
}

/**
 * The order just placed, for its success page: the order's id (the page reads the order back from
 * DATA_DIR by it) and whether the analytics purchase event is still to be sent. Signed with the
 * server's secret, so a visitor cannot put another order's id in it; kept a day, so a reload
 * shows the order again.
 */
export interface LastOrder {
  id: string;
  purchasePending: boolean;
}

const ORDER_COOKIE_MAX_AGE_S = 24 * 60 * 60;

/** A signed cookie of an order, kept a day, sent to `path` only. */
function orderCookie(name: string, path: string, secrets: string[]) {
  return createCookie(name, { path, maxAge: ORDER_COOKIE_MAX_AGE_S, sameSite: "lax", httpOnly: true, secrets });
}

const lastOrderCookie = (secrets: string[]) => orderCookie("last_order", "/order-success", secrets);

export function lastOrderCookieHeader(order: LastOrder, secure: boolean, secrets: string[]): Promise<string> {
  return lastOrderCookie(secrets).serialize(order, { secure });
}

/** The signed last order, or null when there is none or it was not signed by this server. */
export async function readLastOrder(request: Request, secrets: string[]): Promise<LastOrder | null> {
  const value = await lastOrderCookie(secrets).parse(request.headers.get("Cookie"));
  if (typeof value?.id !== "string" || typeof value.purchasePending !== "boolean") return null;
  return { id: value.id, purchasePending: value.purchasePending };
}

/**
 * The key of an order whose send failed (the order waits on disk for its retry), kept a day for
 * /make-order: the form it shows after a reload is the same order, never a second one beside it.
 * Signed like the last order. Only /make-order and its action read it.
 */
const pendingOrderCookie = (secrets: string[]) => orderCookie("order_pending", "/make-order", secrets);

/** The Set-Cookie of the pending order's key, or the one that removes it (`key` undefined). */
export function pendingOrderCookieHeader(key: string | undefined, secure: boolean, secrets: string[]): Promise<string> {
  return key === undefined
    ? pendingOrderCookie(secrets).serialize("", { secure, maxAge: 0 })
    : pendingOrderCookie(secrets).serialize(key, { secure });
}

/** The pending order's key, when this server signed the cookie. */
export async function readPendingOrderKey(request: Request, secrets: string[]): Promise<string | undefined> {
  const value: unknown = await pendingOrderCookie(secrets).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value !== "" ? value : undefined;
}
