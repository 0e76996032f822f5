import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useCart } from "~/components/cart-provider";
import { ecommerceEvent } from "~/lib/analytics";
import { serializeCartCookie } from "~/lib/cookies";
import { pageMeta } from "~/lib/seo";
import { pushDataLayer } from "~/utils/data-layer";
import { clearLastOrder, isSecure, readLastOrder } from "~server/cookies.server";

export const meta: MetaFunction = () => pageMeta({ title: "Заказ оформлен", description: "Спасибо за заказ! Менеджер свяжется с вами.", noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const order = await readLastOrder(request);
  const secure = isSecure(context.services.config);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  // The spec clears the cart here; the purchase is handed over once.
  headers.append("Set-Cookie", serializeCartCookie([], { secure }));
  if (order) headers.append("Set-Cookie", await clearLastOrder(secure));
  return json({ order }, { headers });
}

export default function OrderSuccess() {
  const { order } = useLoaderData<typeof loader>();
  const { clear } = useCart();

  useEffect(() => {
    clear();
    if (order) pushDataLayer(ecommerceEvent("purchase", order.products, order.id));
  }, [clear, order]);

  return (
    <section className="container page page--narrow success-page">
      <h1>Заказ оформлен</h1>
      <p>Спасибо! Мы получили ваш заказ и свяжемся с вами в рабочее время (Пн–Пт 9:00–18:00), чтобы подтвердить наличие, доставку и оплату.</p>
      <Link to="/catalog/parts" className="btn btn--primary">
        Вернуться в каталог
      </Link>
    </section>
  );
}
