import type { MetaFunction, LinksFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { DELIVERY, DESKS, deskPhone, SALES_POINTS } from "~/content";
import { formatRub } from "~/lib/format";
import { pageMeta } from "~/lib/seo";
import infoStyles from "~/styles/info.css";
import "~/components/site-frame"; // the frame's code as one script with this page (decision 013)

export const links: LinksFunction = () => [{ rel: "stylesheet", href: infoStyles }];

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Оплата и доставка запчастей",
    description: `Бесплатная доставка запчастей FAW по городу и до транспортной компании от ${formatRub(DELIVERY.freeFrom)}, самовывоз из ${SALES_POINTS[1].locality}, безналичная оплата.`,
  });

export default function Delivery() {
  const sales = SALES_POINTS[1];
  const partsPhone = deskPhone("parts");
  return (
    <div className="container page">
      <Breadcrumbs
        items={[
          { name: "Главная", to: "/" },
          { name: "Запчасти", to: "/catalog/parts" },
          { name: "Оплата и доставка" },
        ]}
      />
      <h1>Оплата и доставка</h1>
      <div className="info-grid">
        <section className="info-card" aria-labelledby="delivery-title">
          <h2 id="delivery-title">Доставка</h2>
          <ul className="check-list">
            <li>
              <strong>Бесплатно</strong> — курьером по городу и до транспортной компании при заказе от{" "}
              {formatRub(DELIVERY.freeFrom)}.
            </li>
            <li>Курьерская доставка по городу — {formatRub(DELIVERY.courierPrice)}.</li>
            <li>Доставка до транспортной компании — {formatRub(DELIVERY.transportCompanyPrice)}.</li>
            <li>
              Самовывоз со склада: {sales.address}, {sales.workTime}.
            </li>
          </ul>
          <p className="muted">
            Отправляем запчасти в любой регион России через транспортные компании. Стоимость перевозки по тарифу
            перевозчика.
          </p>
        </section>
        <section className="info-card" aria-labelledby="payment-title">
          <h2 id="payment-title">Оплата</h2>
          <ul className="check-list">
            <li>Безналичный расчёт по счёту — для организаций и ИП.</li>
            <li>Оплата банковской картой — для частных покупателей, с кассовым чеком от дилера.</li>
            <li>Все цены на сайте указаны с учётом НДС.</li>
          </ul>
          <p className="muted">
            Онлайн-оплаты на сайте нет: после заказа менеджер подтвердит наличие, пришлёт счёт или скажет, как оплатить
            картой.
          </p>
        </section>
      </div>
      <section className="info-card info-card--wide" aria-labelledby="how-title">
        <h2 id="how-title">Как заказать</h2>
        <ol className="steps">
          <li>
            Выберите запчасти в <Link to="/catalog/parts">каталоге</Link> и добавьте их в корзину.
          </li>
          <li>Оформите заказ: укажите ФИО, телефон и, если нужен счёт, ИНН организации.</li>
          <li>Менеджер перезвонит в рабочее время ({DESKS.parts.workTime}), подтвердит заказ и способ доставки.</li>
        </ol>
        <p>
          Вопросы по доставке: <a href={`tel:${partsPhone.tel}`}>{partsPhone.display}</a>
        </p>
      </section>
    </div>
  );
}
