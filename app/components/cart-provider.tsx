import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { useRevalidator } from "@remix-run/react";
import { ecommerceEvent, type EcommerceEvent } from "~/lib/analytics";
import { shownCartLines, type CartLine } from "~/lib/cart-lines";
import {
  applyCartIntent,
  cartCount,
  clampToStock,
  CART_STORAGE_KEY,
  findItem,
  sanitizeCart,
  type Cart,
  type CartIntent,
  type CartPartInfo,
} from "~/lib/cart";
import { serializeCartCookie } from "~/lib/cookies";
import { pushDataLayer } from "~/utils/data-layer";

interface CartContextValue {
  cart: Cart;
  count: number;
  amountOf: (id: string) => number;
  /** Applies a purchase-control click; returns an error message when the change was refused. */
  change: (intent: CartIntent, part: CartPartInfo) => string | undefined;
  clear: () => void;
}

const CartContext = createContext<CartContextValue | null>(null);
/**
 * True once the browser copy (localStorage) has been reconciled with the server's. A context of
 * its own: only the cart and order pages read it, so its change after hydration does not render
 * every purchase control of the page again.
 */
const CartReconciledContext = createContext(false);

function writeCookie(cart: Cart) {
  document.cookie = serializeCartCookie(cart, { secure: window.location.protocol === "https:" });
}

function readStorage(): Cart | undefined {
  try {
    const raw = window.localStorage.getItem(CART_STORAGE_KEY);
    return raw === null ? undefined : sanitizeCart(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

function writeStorage(cart: Cart) {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
  } catch {
    // Private mode or a full storage: the cookie still carries the cart.
  }
}

function sameCart(a: Cart, b: Cart): boolean {
  return a.length === b.length && a.every((item, i) => item.id === b[i].id && item.amount === b[i].amount);
}

/** Whether the two carts hold the same parts, whatever their amounts. */
function sameParts(a: Cart, b: Cart): boolean {
  const ids = (cart: Cart) => new Set(cart.map((item) => item.id));
  const [left, right] = [ids(a), ids(b)];
  return left.size === right.size && [...left].every((id) => right.has(id));
}

/**
 * The cart in the browser: localStorage under `cart` (spec §3), every change mirrored into the
 * cookie the server renders from. The first render uses the server's copy, so hydration matches;
 * then the two are reconciled: localStorage wins, and a cart built without JavaScript (cookie only)
 * is adopted into localStorage.
 */
const EMPTY_CART: Cart = [];

export function CartProvider({
  serverCart,
  balances,
  pendingEvents,
  children,
}: {
  serverCart: Cart;
  /** Current balances of the parts the server saw in the cookie, to clamp the browser's copy too. */
  balances: Record<string, number>;
  pendingEvents: EcommerceEvent[];
  children: ReactNode;
}) {
  const [cart, setCart] = useState<Cart>(serverCart);
  const [hydrated, setHydrated] = useState(false);
  const revalidator = useRevalidator();
  // For the storage listener, set once: the cart and the revalidation as they are now.
  const cartRef = useRef(cart);
  cartRef.current = cart;
  const revalidateRef = useRef(revalidator.revalidate);
  revalidateRef.current = revalidator.revalidate;

  useEffect(() => {
    const read = readStorage();
    const stored = read && clampToStock(read, (id) => balances[id] ?? Number.MAX_SAFE_INTEGER);
    // A transition: a part of the page still waiting for its script (a modal open on arrival,
    // whose form loads lazily) hydrates once it comes rather than being thrown away and drawn
    // again by the browser, which a plain update to these contexts would force (React error 421).
    startTransition(() => {
      if (stored && stored.length > 0) {
        // The same cart keeps its identity, so nothing that reads it renders again.
        if (!sameCart(stored, serverCart)) setCart(stored);
      }
      setHydrated(true);
    });
    if (stored && stored.length > 0) {
      if (!sameCart(stored, serverCart)) {
        writeCookie(stored);
        // The page's data was read with the server's copy (a cookie the browser dropped, as Safari
        // does after 7 days): read it again with the browser's, so /cart lists every part in it.
        revalidator.revalidate();
      }
      if (!sameCart(stored, read)) writeStorage(stored);
    } else {
      writeStorage(serverCart);
    }
    // Reconcile once per page load; later server copies come from our own cookie writes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    // Another tab changed the cart (or placed the order and emptied it): this one follows, so its
    // next change starts from the cart as it is, never bringing back what was ordered.
    const follow = (event: StorageEvent) => {
      if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
      const next = readStorage() ?? EMPTY_CART;
      setCart((current) => (sameCart(current, next) ? current : next));
      // A part added or taken out there: this page's data (the order's summary, /cart's list) is
      // read again, so what it shows is what an order from here would hold. The cookie is written
      // here first: the other tab wrote it too, but its write may reach the browser's cookie store
      // after this tab's request leaves, which would then read the cart as it was.
      if (!sameParts(next, cartRef.current)) {
        writeCookie(next);
        revalidateRef.current();
      }
    };
    window.addEventListener("storage", follow);
    return () => window.removeEventListener("storage", follow);
  }, []);

  useEffect(() => {
    // Changes made without JavaScript reach analytics on the next page that runs it.
    pendingEvents.forEach(pushDataLayer);
  }, [pendingEvents]);

  const commit = useCallback((next: Cart) => {
    setCart(next);
    writeStorage(next);
    writeCookie(next);
  }, []);

  const change = useCallback(
    (intent: CartIntent, part: CartPartInfo) => {
      const result = applyCartIntent(cart, intent, part);
      if (result.error) return result.error;
      if (result.delta === 0) return undefined;
      commit(result.cart);
      const product = { id: part.id, name: part.name, price: part.price, quantity: Math.abs(result.delta) };
      pushDataLayer(ecommerceEvent(result.delta > 0 ? "add" : "remove", [product]));
      return undefined;
    },
    [cart, commit],
  );

  // One empty cart for every clear: a page that clears on arrival (/order-success) runs its effect
  // once, instead of being handed a new `clear` by the very update it caused.
  const clear = useCallback(() => commit(EMPTY_CART), [commit]);

  const value = useMemo<CartContextValue>(
    () => ({
      cart,
      count: cartCount(cart),
      amountOf: (id) => findItem(cart, id)?.amount ?? 0,
      change,
      clear,
    }),
    [cart, change, clear],
  );
  return (
    <CartContext.Provider value={value}>
      <CartReconciledContext.Provider value={hydrated}>{children}</CartReconciledContext.Provider>
    </CartContext.Provider>
  );
}

/**
 * The server's cart lines as the browser's cart has them once it is reconciled; with JavaScript
 * the browser's cart is the truth, so amounts and totals follow it without a reload.
 */
export function useShownCartLines(lines: readonly CartLine[]): CartLine[] {
  const { amountOf } = useCart();
  const reconciled = useContext(CartReconciledContext);
  return shownCartLines(lines, reconciled ? amountOf : undefined);
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error("useCart outside CartProvider");
  return value;
}
