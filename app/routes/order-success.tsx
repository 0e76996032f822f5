import { json, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from "@remix-run/node";
import { useLoaderData, Link } from "@remix-run/react";
import { useEffect } from "react";
import { useCart } from "~/components/cart-provider";
import { OrderLines } from "~/components/order-lines";
import { DELIVERY, DESKS, deskPhone, SALES_POINTS } from "~/content";
import { ecommerceEvent } from "~/lib/analytics";
import { serializeCartCookie } from "~/lib/cookies";
import { orderPriceNote } from "~/lib/delivery";
import { formatRub } from "~/lib/format";
import { orderNumberOf } from "~/lib/order-number";
import { pageMeta } from "~/lib/seo";
import { pushDataLayer } from "~/utils/data-layer";
import { isSecure, lastOrderCookieHeader, readLastOrder } from "~server/cookies.server";
import { hasInvoice, invoiceFileName, invoicePath } from "~server/invoice.server";
import infoStyles from "~/styles/info.css";
import orderStyles from "~/styles/order.css";
import "~/components/site-frame"; // the frame's code as one script with this page (decision 013)

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: infoStyles },
  { rel: "stylesheet", href: orderStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: data?.order ? "Заказ оформлен" : "Свежего заказа нет",
    description: "Спасибо за заказ! Менеджер свяжется с вами.",
    noindex: true,
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const secure = isSecure(services.config);
  const headers = new Headers({ "Cache-Control": "private, no-store" });

  // The signed cookie names this browser's order; the order itself is read back from disk.
  const last = await readLastOrder(request, services.cookieSecrets);
  const record = last ? await services.notify.load(last.id) : undefined;
  const order =
    record?.form === "order" && record.order
      ? {
          id: record.id,
          number: orderNumberOf(record),
          lines: record.order.lines,
          total: record.order.total,
          delivery: record.order.delivery ?? null,
          invoice: hasInvoice(record) ? { href: invoicePath(record), fileName: invoiceFileName(record) } : null,
        }
      : null;
  // The first view of a fresh order: the analytics purchase event is sent and the cart cleared
  // (the spec's clearing), once. A reload, Back or a bookmark shows the order and leaves a cart
  // filled since alone; without an order of this browser nothing is touched.
  const purchasePending = Boolean(order && last?.purchasePending);
  if (order && purchasePending) {
    headers.append("Set-Cookie", serializeCartCookie([], { secure }));
    headers.append(
      "Set-Cookie",
      await lastOrderCookieHeader({ id: order.id, purchasePending: false }, secure, services.cookieSecrets),
    );
  }
  return json({ order, purchasePending }, { headers });
}

const partsPhone = deskPhone("parts");

export default function OrderSuccess() {
  const { order, purchasePending } = useLoaderData<typeof loader>();
  const { clear } = useCart();

  useEffect(() => {
    if (order && purchasePending) {
      clear();
      const products = order.lines.map((l) => ({ id: l.id, name: l.name, price: l.price, quantity: l.amount }));
      pushDataLayer(ecommerceEvent("purchase", products, order.id));
    }
  }, [clear, order, purchasePending]);

  if (!order) {
    return (
      <section className="container page page--narrow success-page">
        <h1>Свежего заказа нет</h1>
        <p>
          В этом браузере за последние сутки заказ не оформлялся. Если вы собирали корзину, она на месте — оформите
          заказ из неё или продолжите выбирать запчасти.
        </p>
        <p className="success-page__actions">
          <Link to="/cart" className="btn btn--primary">
            Перейти в корзину
          </Link>
          <Link to="/catalog/parts" className="btn btn--outline">
            Каталог запчастей
          </Link>
        </p>
      </section>
    );
  }

  return (
    <section className="container page page--narrow order-done" aria-labelledby="order-done-title">
      <h1 id="order-done-title">Заказ оформлен</h1>
      <p className="order-done__number">
        Номер заказа: <strong data-testid="order-number">{order.number}</strong>
      </p>
      <p className="order-done__lead">Спасибо! Мы получили ваш заказ. Если будете звонить нам, назовите этот номер.</p>
      <p className="order-done__status">
        <Link to={`/order-status?number=${encodeURIComponent(order.number)}`}>Статус заказа</Link>
      </p>

      <h2>Состав заказа</h2>
      <OrderLines lines={order.lines} delivery={order.delivery} total={order.total} />
      <p className="muted order-done__note">{orderPriceNote(order.delivery)}</p>
      {order.invoice ? (
        <p className="order-done__invoice">
          <a
            href={order.invoice.href}
            download={order.invoice.fileName}
            type="application/pdf"
            className="btn btn--outline"
          >
            Скачать счёт на оплату (PDF)
          </a>
        </p>
      ) : null}

      <h2>Что дальше</h2>
      <ol className="steps order-done__steps">
        <li>
          Менеджер позвонит вам в рабочее время ({DESKS.parts.workTime}), подтвердит наличие и сроки и согласует
          доставку. Если заказ оформлен вечером или в выходной, позвоним в ближайший рабочий день.
        </li>
        <li>
          Оплата — по счёту для организаций и ИП или банковской картой с кассовым чеком, после подтверждения заказа.
          Онлайн-оплаты на сайте нет.
        </li>
        <li>
          Самовывоз со склада в {SALES_POINTS[1].locality} или доставка курьером по городу и до транспортной компании —
          бесплатно при заказе от {formatRub(DELIVERY.freeFrom)} (<Link to="/delivery">условия оплаты и доставки</Link>
          ).
        </li>
      </ol>
      <p className="order-done__contact">
        Вопросы по заказу: {partsPhone.label.toLowerCase()}, <a href={`tel:${partsPhone.tel}`}>{partsPhone.display}</a>
      </p>
      <Link to="/catalog/parts" className="btn btn--primary">
        Вернуться в каталог
      </Link>
    </section>
  );
}
