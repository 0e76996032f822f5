import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { PartImage } from "~/components/part-image";
import { DEALER, TRUCK_SAVINGS } from "~/content";
import { formatRubWhole } from "~/lib/format";
import { pageMeta } from "~/lib/seo";
import type { SitePath } from "~/lib/site-path";
import homeStyles from "~/styles/home.css";
import "~/components/site-frame"; // the frame's code as one script with this page (decision 013)

export const links: LinksFunction = () => [{ rel: "stylesheet", href: homeStyles }];

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Каталог",
    description: `Каталог запчастей и модельный ряд грузовиков ${DEALER.brand} у официального дилера ${DEALER.inCity}.`,
  });

const TILES: { to: SitePath; title: string; text: string; image: string; alt: string }[] = [
  {
    to: "/catalog/parts",
    title: "Запчасти",
    text: `Оригинальные запчасти ${DEALER.brand} со склада ${DEALER.inCity}: фильтры, тормозная система, трансмиссия, электрика. Поиск по названию и артикулу.`,
    image: "/images/parts/filter.webp",
    alt: "Запчасти FAW",
  },
  {
    to: "/catalog/trucks",
    title: "Модельный ряд",
    text: `Магистральные тягачи J6 и J7, самосвалы и спецтехника ${DEALER.brand} в наличии и под заказ. Лизинг с субсидией до ${formatRubWhole(Math.max(...Object.values(TRUCK_SAVINGS)))}.`,
    image: "/images/categories/tyagach.webp",
    alt: "Тягач FAW",
  },
];

export default function Catalog() {
  return (
    <div className="container page">
      <Breadcrumbs items={[{ name: "Главная", to: "/" }, { name: "Каталог" }]} />
      <h1>Каталог</h1>
      <ul className="tiles">
        {TILES.map((tile, index) => (
          <li key={tile.to}>
            <Link to={tile.to} className="tile">
              <PartImage src={tile.image} alt={tile.alt} width={800} height={600} eager={index < 2} />
              <div className="tile__body">
                <h2 className="tile__title">{tile.title}</h2>
                <p className="tile__text">{tile.text}</p>
                <span className="tile__more">Перейти</span>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
