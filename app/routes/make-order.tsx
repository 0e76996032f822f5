import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type LinksFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation, Link } from "@remix-run/react";
import { useEffect } from "react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { useShownCartLines } from "~/components/cart-provider";
import { DeliveryChoice } from "~/components/delivery-choice";
import { OrderForm } from "~/components/forms/order-form";
import { cartLines, cartTotal } from "~/lib/cart-lines";
import { deliveryCost, deliveryCostText, deliveryLabel, parseDelivery } from "~/lib/delivery";
import { formatRub } from "~/lib/format";
import { PARTS_LOAD_ERROR } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import { readCart } from "~server/cookies.server";
import { handleOrderAction } from "~server/order-action.server";
import orderStyles from "~/styles/order.css";
import "~/components/site-frame"; // the frame's code as one script with this page (decision 013)

export const links: LinksFunction = () => [{ rel: "stylesheet", href: orderStyles }];

export const meta: MetaFunction = () =>
  pageMeta({ title: "Оформление заказа", description: "Оформление заказа запчастей FAW.", noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const snapshot = await context.services.parts.getCatalogue().catch(() => undefined);
  const lines = snapshot ? cartLines(readCart(request), snapshot.byId) : [];
  if (snapshot && lines.length === 0) throw redirect("/");
  const delivery = parseDelivery(new URL(request.url).searchParams.get("delivery"));
  return json(
    { lines, delivery, error: snapshot ? null : PARTS_LOAD_ERROR },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleOrderAction(request, context);
}

export default function MakeOrder() {
  const { lines, delivery, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ formError?: string; values?: Record<string, string> }>();
  const navigation = useNavigation();
  const shown = useShownCartLines(lines);
  const goodsTotal = cartTotal(shown);
  const shipping = deliveryCost(delivery, goodsTotal);

  useEffect(() => {
    if (actionData?.formError && navigation.state === "idle") window.alert(actionData.formError);
  }, [actionData, navigation.state]);

  return (
    <div className="container page">
      <Breadcrumbs
        items={[{ name: "Главная", to: "/" }, { name: "Корзина", to: "/cart" }, { name: "Оформление заказа" }]}
      />
      <h1>Оформление заказа</h1>
      {error ? (
        <p className="form-alert" role="alert">
          {error}
        </p>
      ) : null}
      <div className="order">
        <div className="order__main">
          <DeliveryChoice method={delivery} goodsTotal={goodsTotal} />
          <OrderForm delivery={delivery} defaultValues={actionData?.values} formError={actionData?.formError} />
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
                <span>
                  {line.amount} × {formatRub(line.price)}
                </span>
              </li>
            ))}
          </ul>
          <dl className="order__sums">
            <div>
              <dt>Товары</dt>
              <dd>{formatRub(goodsTotal)}</dd>
            </div>
            <div>
              <dt>{deliveryLabel(delivery)}</dt>
              <dd data-testid="delivery-cost">{deliveryCostText(shipping)}</dd>
            </div>
          </dl>
          <p className="order__total">
            Итого: <strong data-testid="order-summary-total">{formatRub(goodsTotal + shipping)}</strong>
          </p>
          <p className="muted">
            Цены с учетом НДС. Доставка курьером и до транспортной компании бесплатна от 5 000 ₽ —{" "}
            <Link to="/delivery">об оплате и доставке</Link>.
          </p>
          <Link to="/cart">Изменить состав заказа</Link>
        </aside>
      </div>
    </div>
  );
}
