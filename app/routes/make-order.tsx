import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { useShownCartLines } from "~/components/cart-provider";
import { OrderForm } from "~/components/forms/order-form";
import { cartLines, cartTotal } from "~/lib/cart-lines";
import { formatRub } from "~/lib/format";
import { PARTS_LOAD_ERROR } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import { readCart } from "~server/cookies.server";
import { handleOrderAction } from "~server/order-action.server";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Оформление заказа", description: "Оформление заказа запчастей FAW.", noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const snapshot = await context.services.parts.getCatalogue().catch(() => undefined);
  const lines = snapshot ? cartLines(readCart(request), snapshot.byId) : [];
  if (snapshot && lines.length === 0) throw redirect("/");
  return json(
    { lines, error: snapshot ? null : PARTS_LOAD_ERROR },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleOrderAction(request, context);
}

export default function MakeOrder() {
  const { lines, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ formError?: string; values?: Record<string, string> }>();
  const navigation = useNavigation();
  const shown = useShownCartLines(lines);

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
        <OrderForm defaultValues={actionData?.values} formError={actionData?.formError} />
        <aside className="order__summary" aria-labelledby="summary-title">
          <h2 id="summary-title">Ваш заказ</h2>
          <ul className="order__lines">
            {shown.map((line) => (
              <li key={line.id}>
                <Link to={`/catalog/parts/${line.slug}`}>{line.name}</Link>
                <span>
                  {line.amount} × {formatRub(line.price)}
                </span>
              </li>
            ))}
          </ul>
          <p className="order__total">
            Итого: <strong>{formatRub(cartTotal(shown))}</strong>
          </p>
          <p className="muted">Цены с учетом НДС. Доставка — по условиям на странице «Оплата и доставка».</p>
          <Link to="/cart">Изменить состав заказа</Link>
        </aside>
      </div>
    </div>
  );
}
