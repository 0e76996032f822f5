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
  cartToKeep,
  clampToStock,
  CART_STORAGE_KEY,
  findItem,
  newCartStamp,
  sanitizeCart,
  type Cart,
  type CartIntent,
  type CartPartInfo,
} from "~/lib/cart";
import { cartStampFromCookies, serializeCartCookie } from "~/lib/cookies";
import { pushDataLayer } from "~/utils/data-layer";

interface CartContextValue {
  cart: Cart;
  count: number;
  amountOf: (id: string) => number;
  /** Applies a purchase-control click; returns an error message when the change was refused. */
  change: (intent: CartIntent, part: CartPartInfo) => string | undefined;
  clear: () => void;
  /** The part a purchase made without JavaScript (or before it ran) added on the way to this page. */
  justAdded: string | undefined;
}

const CartContext = createContext<CartContextValue | null>(null);
/**
 * True once the browser copy (localStorage) has been reconciled with the server's. A context of
 * its own: only the cart and order pages read it, so its change after hydration does not render
 * every purchase control of the page again.
 */
const CartReconciledContext = createContext(false);

/** The stamp of the browser's last write of the cart, kept beside it (see cartToKeep). */
const CART_STAMP_KEY = "cart_stamp";

/** The cart into the cookie, with the stamp of the write; an empty cart removes the cookie. */
function writeCookie(cart: Cart, stamp: string | undefined) {
  document.cookie = serializeCartCookie(cart, {
    secure: window.location.protocol === "https:",
    stamp: cart.length > 0 ? stamp : undefined,
  });
}

function readStorage(): { cart: Cart | undefined; stamp: string | undefined } {
  try {
    const raw = window.localStorage.getItem(CART_STORAGE_KEY);
    const stamp = window.localStorage.getItem(CART_STAMP_KEY) ?? undefined;
    return { cart: raw === null ? undefined : sanitizeCart(JSON.parse(raw)), stamp };
  } catch {
    return { cart: undefined, stamp: undefined };
  }
}

function writeStorage(cart: Cart, stamp: string | undefined) {
  try {
    if (stamp === undefined) window.localStorage.removeItem(CART_STAMP_KEY);
    else window.localStorage.setItem(CART_STAMP_KEY, stamp);
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
 * then the two are reconciled (cartToKeep): localStorage wins unless the server changed the cart
 * since the browser last wrote it (a purchase posted before the script ran, or without it), and a
 * cart built without JavaScript (cookie only) is adopted into localStorage.
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
    const stored = read.cart && clampToStock(read.cart, (id) => balances[id] ?? Number.MAX_SAFE_INTEGER);
    const serverStamp = cartStampFromCookies(document.cookie);
    const kept =
      stored && cartToKeep({ cart: stored, stamp: read.stamp }, serverStamp) === "browser" ? stored : undefined;
    // A transition: a part of the page still waiting for its script (a modal open on arrival,
    // whose form loads lazily) hydrates once it comes rather than being thrown away and drawn
    // again by the browser, which a plain update to these contexts would force (React error 421).
    startTransition(() => {
      // The same cart keeps its identity, so nothing that reads it renders again.
      if (kept && !sameCart(kept, serverCart)) setCart(kept);
      setHydrated(true);
    });
    if (kept) {
      if (!sameCart(kept, serverCart)) {
        writeCookie(kept, read.stamp);
        // The page's data was read with the server's copy (a cookie the browser dropped, as Safari
        // does after 7 days): read it again with the browser's, so /cart lists every part in it.
        revalidator.revalidate();
      }
      if (!sameCart(kept, read.cart ?? EMPTY_CART)) writeStorage(kept, read.stamp);
    } else {
      // The server's cart: built without JavaScript, or changed by a purchase posted before this
      // page's script ran. Its stamp becomes the browser's, and an emptied cart's cookie goes.
      writeStorage(serverCart, serverStamp);
      if (serverCart.length === 0 && serverStamp !== undefined) writeCookie(serverCart, undefined);
    }
    // Reconcile once per page load; later server copies come from our own cookie writes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    // Another tab changed the cart (or placed the order and emptied it): this one follows, so its
    // next change starts from the cart as it is, never bringing back what was ordered.
    const follow = (event: StorageEvent) => {
      if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
      const { cart: read, stamp } = readStorage();
      const next = read ?? EMPTY_CART;
      setCart((current) => (sameCart(current, next) ? current : next));
      // A part added or taken out there: this page's data (the order's summary, /cart's list) is
      // read again, so what it shows is what an order from here would hold. The cookie is written
      // here first: the other tab wrote it too, but its write may reach the browser's cookie store
      // after this tab's request leaves, which would then read the cart as it was.
      if (!sameParts(next, cartRef.current)) {
        writeCookie(next, stamp);
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
    const stamp = newCartStamp(Date.now(), Math.random());
    setCart(next);
    writeStorage(next, stamp);
    writeCookie(next, stamp);
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

  // The last part added without JavaScript on the way here: its control says so (PurchaseControl).
  const justAdded = useMemo(
    () => [...pendingEvents].reverse().find((event) => event.ecommerce.add)?.ecommerce.add?.products[0]?.id,
    [pendingEvents],
  );
  const value = useMemo<CartContextValue>(
    () => ({
      cart,
      count: cartCount(cart),
      amountOf: (id) => findItem(cart, id)?.amount ?? 0,
      change,
      clear,
      justAdded,
    }),
    [cart, change, clear, justAdded],
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
