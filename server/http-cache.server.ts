/**
 * Cache rules for HTML. A page that holds nothing of the visitor's (no cart, no accepted-cookie
 * state, not a form answer) may be kept by a shared cache (CDN, nginx) for a minute and served
 * stale while it refreshes; everything else is private and never stored.
 */
import { createHash } from "node:crypto";
import { CART_COOKIE_NAME, COOKIE_CONSENT_NAME, readCookies } from "~/lib/cookies";
import { CART_EVENTS_COOKIE_NAME } from "./cookies.server";

export const PUBLIC_HTML_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
export const PRIVATE_NO_STORE = "private, no-store";

const ALWAYS_PRIVATE = [
  /^\/cart(\/|$)/,
  /^\/make-order(\/|$)/,
  /^\/order-success(\/|$)/,
  /^\/order-status(\/|$)/,
  /^\/form-success(\/|$)/,
  /^\/lead(\/|$)/,
  /^\/cookie-consent/,
];

export function isSharedCacheable(request: Request, status: number): boolean {
  if (status !== 200 && status !== 404) return false;
  return isAnonymousPageRequest(request.method, new URL(request.url), request.headers.get("Cookie"));
}

/** A GET of a page that depends on nothing of the visitor's: no cart, no consent, no pending events. */
export function isAnonymousPageRequest(method: string, url: URL, cookieHeader: string | null | undefined): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (ALWAYS_PRIVATE.some((re) => re.test(url.pathname))) return false;
  if (url.searchParams.has("modal") || url.searchParams.has("_data")) return false;
  const cookies = readCookies(cookieHeader);
  return !cookies[CART_COOKIE_NAME] && !cookies[COOKIE_CONSENT_NAME] && !cookies[CART_EVENTS_COOKIE_NAME];
}

export function weakEtag(body: string | Uint8Array): string {
  return `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 27)}"`;
}

/** Whether an If-None-Match header names `etag` (or `*`). */
export function matchesEtag(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*");
}
