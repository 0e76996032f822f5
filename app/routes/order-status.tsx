import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { PhoneInput } from "~/components/forms/phone-input";
import { OrderLines } from "~/components/order-lines";
import { deskPhone } from "~/content";
import { dealerTime, statusEventText } from "~/lib/order-status";
import { pageMeta } from "~/lib/seo";
import { lookUpOrder } from "~server/order-status.server";
import { PRIVATE_NO_STORE } from "~server/http-cache.server";
import infoStyles from "~/styles/info.css";
import orderStyles from "~/styles/order.css";
import "~/components/site-frame"; // the frame's code as one script with this page (decision 013)

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: infoStyles },
  { rel: "stylesheet", href: orderStyles },
];

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Статус заказа",
    description: "Узнайте статус заказа запчастей по его номеру и телефону, указанному при оформлении.",
    noindex: true,
  });

const MAX_NUMBER = 20;

export function loader({ request }: LoaderFunctionArgs) {
  // The confirmation and /order-success link here with the number filled in.
  const number = (new URL(request.url).searchParams.get("number") ?? "").trim().slice(0, MAX_NUMBER);
  return json({ number }, { headers: { "Cache-Control": PRIVATE_NO_STORE } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const answer = await lookUpOrder(context.services, form, context.clientIp);
  return json(answer, {
    status: answer.ok ? 200 : answer.status,
    headers: { "Cache-Control": PRIVATE_NO_STORE },
  });
}

const partsPhone = deskPhone("parts");

export default function OrderStatus() {
  const { number } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const order = answer?.ok ? answer.order : undefined;
  return (
    <div className="container page page--narrow order-status">
      <Breadcrumbs
        items={[{ name: "Главная", to: "/" }, { name: "Запчасти", to: "/catalog/parts" }, { name: "Статус заказа" }]}
      />
      <h1>Статус заказа</h1>
      <p>Введите номер заказа из письма или со страницы оформления и телефон, указанный в заказе.</p>
      <Form method="post" className="info-card order-status__form" data-testid="order-status-form">
        <div className="field">
          <label htmlFor="order-status-number" className="field__label">
            Номер заказа
          </label>
          <input
            id="order-status-number"
            name="number"
            className="field__input"
            defaultValue={answer?.number ?? number}
            inputMode="numeric"
            autoComplete="off"
            placeholder="0000-0000"
            maxLength={MAX_NUMBER}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="order-status-phone" className="field__label">
            Телефон
          </label>
          <PhoneInput id="order-status-phone" name="phone" />
        </div>
        {answer && !answer.ok ? (
          <p className="form-alert" role="alert" data-testid="order-status-error">
            {answer.error}
          </p>
        ) : null}
        <button type="submit" className="btn btn--primary" disabled={busy}>
          Показать статус
        </button>
      </Form>

      {order ? (
        <section
          className="order-done order-status__result"
          aria-labelledby="order-status-title"
          data-testid="order-status"
        >
          <h2 id="order-status-title">Заказ № {order.number}</h2>
          <p className="order-done__number">
            Статус: <strong data-testid="order-status-current">{order.status}</strong>
          </p>
          <OrderLines lines={order.lines} delivery={order.delivery} total={order.total} />
          <h3>История</h3>
          {order.history.length > 0 ? (
            <ol className="order-status__history" data-testid="order-status-history">
              {order.history.map((event) => (
                <li key={event.receivedAt}>
                  <time dateTime={event.receivedAt}>{dealerTime(event.receivedAt)}</time> — {statusEventText(event)}
                </li>
              ))}
            </ol>
          ) : (
            <p className="muted">Заказ принят, менеджер скоро его подтвердит.</p>
          )}
          <p>
            Вопросы по заказу: {partsPhone.label.toLowerCase()},{" "}
            <a href={`tel:${partsPhone.tel}`}>{partsPhone.display}</a>
          </p>
        </section>
      ) : null}
      <p>
        <Link to="/catalog/parts">Каталог запчастей</Link>
      </p>
    </div>
  );
}
