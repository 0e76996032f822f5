import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { HomeAdvantages } from "~/components/home-advantages";
import { HomeHero } from "~/components/home-hero";
import { ModalLink } from "~/components/modal-link";
import { PartImage } from "~/components/part-image";
import { TRUCK_TYPES, type TruckType } from "~/data/truck-types";
import { DEALER, DESKS, HERO_SAVINGS, STATS } from "~/content";
import { formatRubWhole } from "~/lib/format";
import { modalAwareRevalidate } from "~/utils/revalidate";
import { pageMeta, SITE_TITLE } from "~/lib/seo";
import homeStyles from "~/styles/home.css";
import "~/components/site-frame"; // the frame's code as one script with this page (decision 013)

export const links: LinksFunction = () => [{ rel: "stylesheet", href: homeStyles }];

export const meta: MetaFunction = () =>
  pageMeta({
    title: SITE_TITLE,
    description: `Официальный дилер ${DEALER.brand} ${DEALER.inCity}: тягачи J6 и J7, самосвалы, спецтехника, запчасти, сервис и лизинг. Экономия до ${formatRubWhole(HERO_SAVINGS)}.`,
  });

export const shouldRevalidate = modalAwareRevalidate;

const CATEGORY_TEXT: Record<TruckType["slug"], string> = {
  tyagach: "Магистральные тягачи J6 и J7 4x2 и 6x4 для работы в составе автопоезда.",
  spectehnika: "Автобетоносмесители, бетононасосы, манипуляторы, мультилифты и лесовозы на шасси FAW.",
  samosval: "Самосвалы 6x4, 8x4 и 6x6 для строительства, карьеров и бездорожья.",
};

export default function Home() {
  return (
    <>
      <HomeHero />

      <section className="section" aria-labelledby="choose-title">
        <div className="container">
          <div className="section__head">
            <div>
              <span className="eyebrow">Модельный ряд</span>
              <h2 id="choose-title">Выберите свой грузовик</h2>
            </div>
            <p>Тягачи, самосвалы и спецтехника FAW в наличии и под заказ — подберем машину под ваши задачи.</p>
          </div>
          <ul className="tiles tiles--three">
            {TRUCK_TYPES.map((type) => (
              <li key={type.slug}>
                <Link to={`/catalog/trucks?type=${type.slug}`} className="tile">
                  <PartImage
                    src={`/images/categories/${type.slug}.webp`}
                    alt={`${type.name} FAW`}
                    width={800}
                    height={600}
                  />
                  <div className="tile__body">
                    <h3 className="tile__title">{type.name}</h3>
                    <p className="tile__text">{CATEGORY_TEXT[type.slug]}</p>
                    <span className="tile__more">Смотреть модели</span>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <HomeAdvantages />

      <section className="stats-band" aria-labelledby="stats-title">
        <div className="container">
          <h2 id="stats-title">{DEALER.name} в цифрах</h2>
          <ul className="stats" data-testid="stats">
            {STATS.map((stat) => (
              <li key={stat.label}>
                <span className="stats__value">{stat.value}</span>
                <span className="stats__label">{stat.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="contact-title">
        <div className="container">
          <div className="contact-banner">
            <div>
              <h2 id="contact-title">Остались вопросы?</h2>
              <p>
                Оставьте заявку — менеджер перезвонит, подберет технику и рассчитает лизинг. Работаем{" "}
                {DESKS.sales.workTime}.
              </p>
            </div>
            <ModalLink modal="callback" className="btn btn--light">
              Связаться
            </ModalLink>
          </div>
        </div>
      </section>
    </>
  );
}
