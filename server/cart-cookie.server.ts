/**
 * The cart cookie (the server's copy of the cart, spec shape {id, amount}) and a one-shot
 * cookie carrying analytics events of changes made without JavaScript to the next page.
 */
import type { EcommerceEvent } from "~/lib/analytics";
import { CART_COOKIE_NAME, decodeCartCookie, encodeCartCookie, type Cart } from "~/lib/cart";

export const CART_EVENTS_COOKIE = "cart_events";
const MAX_EVENTS_BYTES = 3000;

export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=");
    if (eq < 0) continue;
    if (pair.slice(0, eq).trim() === name) {
      const raw = pair.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function cookieValue(request: Request, name: string): string | undefined {
  return readCookie(request.headers.get("Cookie"), name);
}

export function readCart(request: Request): Cart {
  return decodeCartCookie(cookieValue(request, CART_COOKIE_NAME));
}

function attributes(secure: boolean, maxAge: number): string[] {
  return [`Max-Age=${maxAge}`, "Path=/", "SameSite=Lax", ...(secure ? ["Secure"] : [])];
}

export function cartSetCookie(cart: Cart, secure: boolean): string {
  const value = encodeCartCookie(cart);
  if (!value) return [`${CART_COOKIE_NAME}=`, ...attributes(secure, 0)].join("; ");
  return [`${CART_COOKIE_NAME}=${value}`, ...attributes(secure, 2592000)].join("; ");
}

export function readCartEvents(request: Request): EcommerceEvent[] {
  const raw = cookieValue(request, CART_EVENTS_COOKIE);
  if (!raw) return [];
  try {
    const parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    return Array.isArray(parsed) ? parsed.filter((e) => e && typeof e === "object" && e.ecommerce?.currencyCode === "RUB").slice(0, 20) : [];
  } catch {
    return [];
  }
}

/** Appends an event; the oldest are dropped when the cookie would grow too big. */
export function cartEventsSetCookie(existing: EcommerceEvent[], event: EcommerceEvent | undefined, secure: boolean): string {
  const events = event ? [...existing, event] : [];
  let value = Buffer.from(JSON.stringify(events)).toString("base64url");
  while (events.length > 1 && value.length > MAX_EVENTS_BYTES) {
    events.shift();
    value = Buffer.from(JSON.stringify(events)).toString("base64url");
  }
  if (events.length === 0) return [`${CART_EVENTS_COOKIE}=`, ...attributes(secure, 0)].join("; ");
  return [`${CART_EVENTS_COOKIE}=${value}`, ...attributes(secure, 600)].join("; ");
}

export function isSecure(config: { NODE_ENV: string; SITE_URL: string }): boolean {
  return config.NODE_ENV === "production" && config.SITE_URL.startsWith("https:");
}
