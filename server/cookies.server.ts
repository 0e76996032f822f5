/**
 * The server's cookies. Two only the server reads, as Remix cookies (JSON in base64): the
 * analytics events of cart changes made without JavaScript, handed to the next page once, and the
 * last order, handed to the success page once. The cart and the consent flag are written by the
 * browser too; their format is in app/lib/cookies.ts, read here from the request.
 */
import { createCookie } from "@remix-run/node";
import type { EcommerceEvent, EcommerceProduct } from "~/lib/analytics";
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
export async function appendCartEvent(existing: EcommerceEvent[], event: EcommerceEvent, secure: boolean): Promise<string> {
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

/** The placed order, for the analytics purchase event on the success page. */
export interface LastOrder {
  id: string;
  products: EcommerceProduct[];
}

const lastOrderCookie = createCookie("last_order", { path: "/order-success", maxAge: 600, sameSite: "lax", httpOnly: true });

export function lastOrderCookieHeader(order: LastOrder, secure: boolean): Promise<string> {
  return lastOrderCookie.serialize(order, { secure });
}

export async function readLastOrder(request: Request): Promise<LastOrder | null> {
  const value = await lastOrderCookie.parse(request.headers.get("Cookie"));
  if (typeof value?.id !== "string" || !Array.isArray(value.products)) return null;
  return value;
}

export function clearLastOrder(secure: boolean): Promise<string> {
  return lastOrderCookie.serialize("", { maxAge: 0, secure });
}
