import type { MetaFunction, LinksFunction } from "@remix-run/node";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from "~/components/icons";
import { LocationMap } from "~/components/location-map";
import { DEALER, LEGAL, SALES_POINTS } from "~/content";
import { pageMeta } from "~/lib/seo";
import infoStyles from "~/styles/info.css";
import "~/components/site-frame"; // the frame's code as one script with this page (decision 013)

export const links: LinksFunction = () => [{ rel: "stylesheet", href: infoStyles }];

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Контакты",
    description: `Отдел продаж техники и запчастей и сервисный центр ${DEALER.brand} в ${SALES_POINTS[1].locality}, ${SALES_POINTS[1].region}: адреса, телефоны, часы работы, карта.`,
  });

/** Sales first, then service: the order a visitor looks for them. */
const POINTS = [SALES_POINTS[1], SALES_POINTS[0]];

export default function Contacts() {
  return (
    <div className="container page">
      <Breadcrumbs items={[{ name: "Главная", to: "/" }, { name: "Контакты" }]} />
      <h1>Контакты</h1>
      <div className="locations">
        {POINTS.map((point) => (
          <section
            key={point.id}
            className="location"
            aria-labelledby={`loc-${point.id}`}
            data-testid={`location-${point.id}`}
          >
            <div className="location__info">
              <h2 id={`loc-${point.id}`}>{point.name}</h2>
              <p className="location__line">
                <PinIcon size={18} />
                <span>{point.address}</span>
              </p>
              <p className="location__line muted">
                <span className="visually-hidden">Координаты: </span>
                {point.coordinates[0].toFixed(5)}, {point.coordinates[1].toFixed(5)}
              </p>
              <p className="location__line">
                <ClockIcon size={18} />
                <span>{point.workTime}</span>
              </p>
              <ul className="location__phones">
                {point.phones.map((phone) => (
                  <li key={phone.tel}>
                    <PhoneIcon size={18} />
                    <span>
                      {phone.label}: <a href={`tel:${phone.tel}`}>{phone.display}</a>
                    </span>
                  </li>
                ))}
              </ul>
              <p className="location__line">
                <MailIcon size={18} />
                <a href={`mailto:${point.email}`}>{point.email}</a>
              </p>
            </div>
            <LocationMap location={point} className="location__map" />
          </section>
        ))}
      </div>
      <section className="info-card info-card--wide requisites" aria-labelledby="req-title">
        <h2 id="req-title">Реквизиты</h2>
        <p>
          {LEGAL.name}, ИНН {LEGAL.inn}
          {LEGAL.kpp ? `, КПП ${LEGAL.kpp}` : ""}, ОГРН {LEGAL.ogrn}
          <br />
          {LEGAL.address}
        </p>
      </section>
    </div>
  );
}
