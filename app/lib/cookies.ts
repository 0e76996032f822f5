/**
 * The cookies the browser writes as well as the server: the cart (the server's copy of the cart
 * in localStorage, in the compact form of app/lib/cart.ts) and the cookie banner's flag. Pure:
 * the browser assigns these strings to document.cookie, the server sends them as Set-Cookie.
 * Neither is HttpOnly, since the browser's script writes them too. Cookies only the server
 * reads are in server/cookies.server.ts.
 */
import { parse, serialize } from "cookie";
import { cartCookieStamp, decodeCartCookie, encodeCartCookie, type Cart } from "./cart";

export const CART_COOKIE_NAME = "cart";
export const COOKIE_CONSENT_NAME = "cookie_consent";

const CART_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export interface CookieWriteOptions {
  /** Only over HTTPS: a browser drops a Secure cookie set over plain HTTP (local runs, tests). */
  secure?: boolean;
}

/** The cookies of a Cookie header by name (first one wins); no header reads as no cookies. */
export function readCookies(header: string | null | undefined): Record<string, string | undefined> {
  return header ? parse(header) : {};
}

/** The cart in a Cookie header; a missing or tampered cookie is an empty cart. */
export function cartFromCookies(header: string | null | undefined): Cart {
  return decodeCartCookie(readCookies(header)[CART_COOKIE_NAME]);
}

/** The change stamp of the cart cookie in a Cookie header (or document.cookie), if any. */
export function cartStampFromCookies(header: string | null | undefined): string | undefined {
  return cartCookieStamp(readCookies(header)[CART_COOKIE_NAME]);
}

/**
 * Set-Cookie (or document.cookie) for the cart, with the change's `stamp` (app/lib/cart.ts,
 * cartToKeep). An empty cart without a stamp removes the cookie; with one the cookie stays, so an
 * emptying done by the server stands against the browser's older copy.
 */
export function serializeCartCookie(
  cart: Cart,
  { secure = false, stamp }: CookieWriteOptions & { stamp?: string } = {},
): string {
  const value = encodeCartCookie(cart, stamp);
  return serialize(CART_COOKIE_NAME, value, {
    path: "/",
    maxAge: value ? CART_MAX_AGE_SECONDS : 0,
    sameSite: "lax",
    secure,
  });
}

/** Whether the visitor accepted the cookie notice (the server then leaves the banner out). */
export function hasConsentCookie(header: string | null | undefined): boolean {
  return readCookies(header)[COOKIE_CONSENT_NAME] === "1";
}

export function serializeConsentCookie({ secure = false }: CookieWriteOptions = {}): string {
  return serialize(COOKIE_CONSENT_NAME, "1", { path: "/", maxAge: CONSENT_MAX_AGE_SECONDS, sameSite: "lax", secure });
}
