import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type LinksFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation, Link } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { DELIVERY } from "~/content";
import { useShownCartLines } from "~/components/cart-provider";
import { OrderForm } from "~/components/forms/order-form";
import { UnavailableParts } from "~/components/unavailable-parts";
import { cartLines, cartTotal, linesSeen, unavailableLines } from "~/lib/cart-lines";
import {
  deliveryCost,
  deliveryCostText,
  deliveryLabel,
  DELIVERY_METHODS,
  parseDelivery,
  type DeliveryMethod,
} from "~/lib/delivery";
import { formatRub } from "~/lib/format";
import { PARTS_LOAD_ERROR, previousOrderPlaced, previousOrderReplaced } from "~/lib/messages";
import { orderNumberOf } from "~/lib/order-number";
import { pageMeta } from "~/lib/seo";
import { isSecure, pendingOrderCookieHeader, readCart, readPendingOrderKey } from "~server/cookies.server";
import { isTaken, unsent } from "~server/lead-record.server";
import { handleOrderAction } from "~server/order-action.server";
import { issueOrderKey, orderIdOfKey } from "~server/order-key.server";
import orderStyles from "~/styles/order.css";
import "~/components/site-frame"; // the frame's code as one script with this page (decision 013)

export const links: LinksFunction = () => [{ rel: "stylesheet", href: orderStyles }];

export const meta: MetaFunction = () =>
  pageMeta({ title: "Оформление заказа", description: "Оформление заказа запчастей FAW.", noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const snapshot = await services.parts.getCatalogue().catch(() => undefined);
  const cart = readCart(request);
  const lines = snapshot ? cartLines(cart, snapshot.byId) : [];
  // An empty cart: home. One whose parts cannot be bought now: the cart, which says why.
  if (snapshot && lines.length === 0) throw redirect(unavailableLines(cart, snapshot.byId).length > 0 ? "/cart" : "/");
  const delivery = parseDelivery(new URL(request.url).searchParams.get("delivery"));
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  // An order whose last try failed to send: while it waits for its retry, this form for the same
  // lines is that order again; for a cart changed since it is a new order that will replace it
  // (the customer is told); once the retry has delivered it, the customer is told, and this form
  // is a new order.
  let orderKey = issueOrderKey(services.cookieSecrets);
  let notice: string | null = null;
  const pendingKey = await readPendingOrderKey(request, services.cookieSecrets);
  const pendingId = orderIdOfKey(pendingKey, services.cookieSecrets);
  const pending = pendingId ? await services.notify.load(pendingId) : undefined;
  if (pendingId && isTaken(pending?.status)) {
    notice = previousOrderPlaced(orderNumberOf({ id: pendingId, order: pending?.order }));
    headers.append(
      "Set-Cookie",
      await pendingOrderCookieHeader(undefined, isSecure(services.config), services.cookieSecrets),
    );
  } else if (pendingKey && pending?.order && linesSeen(pending.order.lines) === linesSeen(lines)) orderKey = pendingKey;
  else if (pendingId && pending?.order && unsent(pending.status))
    notice = previousOrderReplaced(orderNumberOf(pending));
  // The cart's parts that cannot be bought now: listed, and why, as left out of the order.
  const unavailable = snapshot ? unavailableLines(cart, snapshot.byId) : [];
  return json(
    { lines, unavailable, delivery, error: snapshot ? null : PARTS_LOAD_ERROR, notice, orderKey },
    { headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleOrderAction(request, context);
}

/**
 * The sums for each delivery method, the chosen one's shown: the stylesheet shows those of the
 * method checked in the form, so the summary follows a choice without JavaScript too (and,
 * where the browser cannot, the method the page was rendered with). With JavaScript the same.
 */
function ByMethod({
  current,
  children,
}: {
  current: DeliveryMethod;
  children: (method: DeliveryMethod, current: boolean) => ReactNode;
}) {
  return (
    <>
      {DELIVERY_METHODS.map(({ id }) => (
        <div
          key={id}
          className={`order__by-method${id === current ? " order__by-method--current" : ""}`}
          data-method={id}
        >
          {children(id, id === current)}
        </div>
      ))}
    </>
  );
}

type ActionData = {
  formError?: string;
  /** What was typed, given back after a recalculation or a failure. */
  values?: Record<string, string>;
  /** What was typed, given back with the messages of a refused form (remix-validated-form). */
  repopulateFields?: Record<string, unknown>;
  /** The messages of a refused form, by field. */
  fieldErrors?: Record<string, string>;
};

export default function MakeOrder() {
  const { lines, unavailable, delivery: fromUrl, error, notice, orderKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const shown = useShownCartLines(lines);
  const goodsTotal = cartTotal(shown);
  // The method the form came back with (a recalculation, a refusal), else the URL's.
  const posted = actionData?.values?.delivery ?? actionData?.repopulateFields?.delivery;
  const initial = posted === undefined ? fromUrl : parseDelivery(posted);
  const [delivery, setDelivery] = useState(initial);
  useEffect(() => setDelivery(initial), [initial]);
  const count = shown.reduce((sum, line) => sum + line.amount, 0);

  useEffect(() => {
    if (actionData?.formError && navigation.state === "idle") window.alert(actionData.formError);
  }, [actionData, navigation.state]);

  return (
    <div className="container page">
      <Breadcrumbs
        items={[{ name: "Главная", to: "/" }, { name: "Корзина", to: "/cart" }, { name: "Оформление заказа" }]}
      />
      <h1>Оформление заказа</h1>
      {notice ? (
        <p className="form-alert" role="status" data-testid="order-notice">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p className="form-alert" role="alert">
          {error}
        </p>
      ) : null}
      <div className="order">
        <div className="order__main">
          <OrderForm
            // After a failure the form keeps the key it was sent with: sent again, it is the same order.
            orderKey={actionData?.values?.orderKey ?? orderKey}
            seen={linesSeen(shown)}
            delivery={delivery}
            onDeliveryChange={setDelivery}
            goodsTotal={goodsTotal}
            defaultValues={actionData?.values}
            formError={actionData?.formError}
            // The register did not name the company of an invoice (not found, or down): the customer
            // names it, and the field stays once it is filled.
            askCompany={Boolean(
              actionData?.fieldErrors?.companyName ||
              actionData?.values?.companyName ||
              actionData?.repopulateFields?.companyName,
            )}
            recap={
              <div className="order__recap" role="group" aria-label="Итог заказа">
                <dl>
                  <div>
                    <dt>Товары, {count} шт.</dt>
                    <dd>{formatRub(goodsTotal)}</dd>
                  </div>
                </dl>
                <ByMethod current={delivery}>
                  {(method) => (
                    <dl>
                      <div>
                        <dt>{deliveryLabel(method)}</dt>
                        <dd>{deliveryCostText(deliveryCost(method, goodsTotal))}</dd>
                      </div>
                      <div className="order__recap-total">
                        <dt>Итого</dt>
                        <dd>{formatRub(goodsTotal + deliveryCost(method, goodsTotal))}</dd>
                      </div>
                    </dl>
                  )}
                </ByMethod>
              </div>
            }
          />
        </div>
        <aside className="order__summary" aria-labelledby="summary-title">
          <h2 id="summary-title">Ваш заказ</h2>
          <ul className="order__lines">
            {shown.map((line) => (
              <li key={line.id}>
                <div className="order__line-name">
                  <Link to={`/catalog/parts/${line.slug}`}>{line.name}</Link>
                  <div className="muted">Артикул: {line.article || "-"}</div>
                </div>
                <span className="order__line-sum">
                  <span className="muted">
                    {line.amount} × {formatRub(line.price)}
                  </span>
                  <strong data-testid="summary-line-sum">{formatRub(line.amount * line.price)}</strong>
                </span>
              </li>
            ))}
          </ul>
          <UnavailableParts lines={unavailable} title="Не войдут в заказ:" />
          <ByMethod current={delivery}>
            {(method, current) => {
              const cost = deliveryCost(method, goodsTotal);
              return (
                <>
                  <dl className="order__sums">
                    <div>
                      <dt>Товары</dt>
                      <dd>{formatRub(goodsTotal)}</dd>
                    </div>
                    <div>
                      <dt>{deliveryLabel(method)}</dt>
                      <dd data-testid={current ? "delivery-cost" : undefined}>{deliveryCostText(cost)}</dd>
                    </div>
                  </dl>
                  <p className="order__total">
                    Итого:{" "}
                    <strong data-testid={current ? "order-summary-total" : undefined}>
                      {formatRub(goodsTotal + cost)}
                    </strong>
                  </p>
                </>
              );
            }}
          </ByMethod>
          <p className="muted">
            Цены с учетом НДС. Доставка курьером и до транспортной компании бесплатна от {formatRub(DELIVERY.freeFrom)}{" "}
            — <Link to="/delivery">об оплате и доставке</Link>.
          </p>
          <Link to="/cart">Изменить состав заказа</Link>
        </aside>
      </div>
    </div>
  );
}
