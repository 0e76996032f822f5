import type { MetaFunction, LinksFunction } from "@remix-run/node";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { DeferredLeadForm } from "~/components/forms/deferred-lead-form";
import { SALES_POINTS, STATS_BY_KEY } from "~/content";
import { modalAwareRevalidate } from "~/utils/revalidate";
import { pageMeta } from "~/lib/seo";
import infoStyles from "~/styles/info.css";
import "~/components/site-frame"; // the frame's code as one script with this page (decision 013)

export const links: LinksFunction = () => [{ rel: "stylesheet", href: infoStyles }];

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Гарантия и сервис",
    description: `Гарантийное и сервисное обслуживание грузовиков FAW в ${SALES_POINTS[0].locality}: ТО, диагностика, ремонт двигателя и КПП, ${STATS_BY_KEY.serviceBays.value} постов, оригинальные запчасти.`,
  });

export const shouldRevalidate = modalAwareRevalidate;

const WORKS = [
  "Плановое техническое обслуживание по регламенту завода",
  "Компьютерная диагностика двигателя и электрооборудования",
  "Ремонт двигателей CA6DM, WP10 и WP12",
  "Ремонт КПП, сцепления, мостов и подвески",
  "Ремонт тормозной системы и пневматики",
  "Шиномонтаж и регулировка развал-схождения",
  "Гарантийный ремонт и рекламации",
  "Установка дополнительного оборудования",
];

export default function Service() {
  const point = SALES_POINTS[0];
  return (
    <div className="container page">
      <Breadcrumbs items={[{ name: "Главная", to: "/" }, { name: "Сервис" }]} />
      <h1>Гарантия и сервис</h1>
      <p className="lead">
        Сервисный центр официального дилера обслуживает грузовики и спецтехнику FAW: одновременно на{" "}
        {STATS_BY_KEY.serviceBays.value} постах, с оригинальными запчастями со своего склада и с сохранением заводской
        гарантии.
      </p>
      <div className="info-grid">
        <section className="info-card" aria-labelledby="works-title">
          <h2 id="works-title">Что мы делаем</h2>
          <ul className="check-list">
            {WORKS.map((work) => (
              <li key={work}>{work}</li>
            ))}
          </ul>
        </section>
        <section className="info-card" aria-labelledby="warranty-title">
          <h2 id="warranty-title">Гарантия</h2>
          <p>
            На новую технику FAW действует гарантия производителя. Чтобы сохранить её, проходите техническое
            обслуживание у официального дилера по регламенту и используйте оригинальные запчасти.
          </p>
          <p>На выполненные работы и установленные у нас запчасти мы даём собственную гарантию.</p>
        </section>
      </div>
      <section className="info-card info-card--wide" aria-labelledby="point-title">
        <h2 id="point-title">{point.name}</h2>
        <p>
          {point.address}
          <br />
          {point.workTime}
        </p>
        <ul className="plain-list">
          {point.phones.map((phone) => (
            <li key={phone.tel}>
              {phone.label}: <a href={`tel:${phone.tel}`}>{phone.display}</a>
            </li>
          ))}
        </ul>
      </section>
      <section className="info-card info-card--wide" id="booking" aria-labelledby="booking-title">
        <h2 id="booking-title">Запись в сервис</h2>
        <p>Оставьте заявку — мастер-приёмщик перезвонит в рабочее время и подтвердит дату.</p>
        <DeferredLeadForm form="service" page="/service" />
      </section>
    </div>
  );
}
