import { CART_COOKIE_NAME, decodeCartCookie, encodeCartCookie, type Cart } from "~/lib/cart";

function readCookie(header: string | null, name: string): string | undefined {
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

export function readCart(request: Request): Cart {
  return decodeCartCookie(readCookie(request.headers.get("Cookie"), CART_COOKIE_NAME));
}

export function hasCookie(request: Request, name: string): boolean {
  return readCookie(request.headers.get("Cookie"), name) !== undefined;
}

export function cookieValue(request: Request, name: string): string | undefined {
  return readCookie(request.headers.get("Cookie"), name);
}

export function cartSetCookie(cart: Cart, secure: boolean): string {
  const value = encodeCartCookie(cart);
  const attrs = ["Path=/", "SameSite=Lax", secure ? "Secure" : ""].filter(Boolean);
  if (!value) return [`${CART_COOKIE_NAME}=`, "Max-Age=0", ...attrs].join("; ");
  return [`${CART_COOKIE_NAME}=${value}`, "Max-Age=2592000", ...attrs].join("; ");
}
