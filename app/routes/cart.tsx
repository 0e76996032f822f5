import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type LinksFunction,
} from "@remix-run/node";
import { useLoaderData, Link } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { useShownCartLines } from "~/components/cart-provider";
import { CartTable } from "~/components/cart-table";
import { UnavailableParts } from "~/components/unavailable-parts";
import { ecommerceEvent } from "~/lib/analytics";
import {
  applyCartIntent,
  CART_FULL_MESSAGE,
  clampToStock,
  forSale,
  isCartIntent,
  newCartStamp,
  ORDER_SOLD_OUT,
  ORDER_UNAVAILABLE,
} from "~/lib/cart";
import { cartLines, cartTotal, unavailableLines, type CartLine, type UnavailableLine } from "~/lib/cart-lines";
import { formatRub } from "~/lib/format";
import { PARTS_LOAD_ERROR } from "~/lib/messages";
import { cartStampFromCookies, serializeCartCookie } from "~/lib/cookies";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { pageMeta } from "~/lib/seo";
import { appendCartEvent, isSecure, readCart, readCartEvents } from "~server/cookies.server";
import { readSmallForm } from "~server/form-post.server";
import shopStyles from "~/styles/shop.css";
import orderStyles from "~/styles/order.css";
import "~/components/site-frame"; // the frame's code as one script with this page (decision 013)

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: shopStyles },
  { rel: "stylesheet", href: orderStyles },
];

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Корзина",
    description: "Выбранные запчасти FAW: количество, цены с НДС и оформление заказа.",
    noindex: true,
  });

/** What a redirect to /cart?notice=… tells: a part refused for a full cart, an order whose parts sold out. */
const NOTICES = new Map([
  ["full", CART_FULL_MESSAGE],
  ["sold-out", ORDER_SOLD_OUT],
  ["unavailable", ORDER_UNAVAILABLE],
]);

export async function loader({ request, context }: LoaderFunctionArgs) {
  // A Map: a word of the query ('__proto__') never names anything but these.
  const notice = NOTICES.get(new URL(request.url).searchParams.get("notice") ?? "") ?? null;
  try {
    const snapshot = await context.services.parts.getCatalogue();
    const cart = readCart(request);
    return json(
      {
        lines: cartLines(cart, snapshot.byId),
        unavailable: unavailableLines(cart, snapshot.byId),
        error: null,
        notice,
      },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch {
    return json(
      { lines: [] as CartLine[], unavailable: [] as UnavailableLine[], error: PARTS_LOAD_ERROR, notice },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  }
}

/** The no-JavaScript path of every purchase control: change the cookie, then go back. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readSmallForm(request);
  // A body larger than any cart form: nothing changes, and the connection closes on the rest.
  if (!form) return redirect("/cart", { status: 303, headers: { Connection: "close" } });
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  const back = safeRedirectPath(form.get("returnTo"), "/cart");
  if (!isCartIntent(intent)) return redirect(back, 303);

  const snapshot = await context.services.parts.getCatalogue().catch(() => undefined);
  const part = snapshot?.byId.get(id);
  if (!part) return redirect(back, 303);

  const secure = isSecure(context.services.config);
  // The amounts as the visitor sees them, clamped to today's stock, so '−' takes one from the
  // amount shown, never from a larger one the cookie still holds. A part the catalogue does not
  // list now stays as it was: it may be back with the next catalogue.
  const shown = clampToStock(
    readCart(request),
    (partId) => forSale(snapshot?.byId.get(partId)) ?? Number.MAX_SAFE_INTEGER,
  );
  const result = applyCartIntent(shown, intent, part);
  if (result.error) return redirect("/cart?notice=full", 303);
  const headers = new Headers();
  // A change gets a stamp of its own: a browser whose script runs after this (the purchase was
  // made before it loaded) keeps this cart rather than its older copy (cartToKeep).
  const stamp =
    result.delta !== 0 ? newCartStamp(Date.now(), Math.random()) : cartStampFromCookies(request.headers.get("Cookie"));
  headers.append("Set-Cookie", serializeCartCookie(result.cart, { secure, stamp }));
  if (result.delta !== 0) {
    const product = { id: part.id, name: part.name, price: part.price, quantity: Math.abs(result.delta) };
    headers.append(
      "Set-Cookie",
      await appendCartEvent(
        await readCartEvents(request),
        ecommerceEvent(result.delta > 0 ? "add" : "remove", [product]),
        secure,
      ),
    );
  }
  return redirect(back, { status: 303, headers });
}

export default function CartPage() {
  const { lines, unavailable, error, notice } = useLoaderData<typeof loader>();
  const shown = useShownCartLines(lines);
  const total = cartTotal(shown);

  return (
    <div className="container page">
      <Breadcrumbs items={[{ name: "Главная", to: "/" }, { name: "Корзина" }]} />
      <h1>Корзина</h1>
      {notice ? (
        <p className="form-alert" role="alert">
          {notice}
        </p>
      ) : null}
      <UnavailableParts lines={unavailable} title="Сейчас нельзя купить:" />
      {error ? (
        <p className="form-alert" role="alert">
          {error}
        </p>
      ) : shown.length === 0 ? (
        <div className="empty-state">
          <p>Корзина пуста</p>
          <Link to="/catalog/parts" className="btn btn--primary">
            Перейти в каталог
          </Link>
        </div>
      ) : (
        <>
          <CartTable lines={shown} />
          <div className="cart-summary">
            <p className="cart-summary__total">
              Итого: <strong data-testid="cart-total">{formatRub(total)}</strong>
            </p>
            <p className="muted">Цены указаны с учетом НДС</p>
            <Link to="/make-order" className="btn btn--primary">
              Перейти к оформлению
            </Link>
          </div>
        </>
      )}
    </div>
  );
}
