import { json, redirect, type LoaderFunctionArgs, type LinksFunction, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { JsonLd, productJsonLd, useSiteUrl } from "~/components/structured-data";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { DeferredLeadForm } from "~/components/forms/deferred-lead-form";
import { Gallery } from "~/components/gallery";
import { GiftIcon } from "~/components/icons";
import { ModalLink } from "~/components/modal-link";
import { OtherTrucks } from "~/components/other-trucks";
import { SpecTable } from "~/components/spec-table";
import { TruckScheme } from "~/components/truck-scheme";
import { TruckTabs } from "~/components/truck-tabs";
import { DEALER, type Availability } from "~/content";
import { TruckPrice } from "~/components/truck-price";
import type { ModalSubjectHandle } from "~/lib/modal";
import { findTruck, TRUCK_CATEGORIES } from "~/data/trucks";
import { formatRubWhole, formatSpecValue } from "~/lib/format";
import { truckTabFrom } from "~/lib/truck-tabs";
import { modalAwareRevalidate } from "~/utils/revalidate";
import { pageMeta } from "~/lib/seo";
import infoStyles from "~/styles/info.css";
import partStyles from "~/styles/part.css";
import trucksStyles from "~/styles/trucks.css";
import carouselStyles from "~/styles/carousel.css";
import "~/components/site-frame"; // the frame's code as one script with this page (decision 013)

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: infoStyles },
  { rel: "stylesheet", href: partStyles },
  { rel: "stylesheet", href: trucksStyles },
  { rel: "stylesheet", href: carouselStyles },
];

export function loader({ params, request }: LoaderFunctionArgs) {
  const truck = findTruck(params.categorySlug ?? "", params.slug ?? "");
  if (!truck) throw redirect("/not-found");
  const tab = truckTabFrom(new URL(request.url).searchParams.get("tab"));
  const others = (TRUCK_CATEGORIES.find((category) => category.slug === truck.type.slug)?.items ?? [])
    .filter((other) => other.slug !== truck.slug)
    .map((other) => ({
      slug: other.slug,
      name: other.name,
      image: other.mainImg,
      formula: other.formula,
      price: other.price,
      availability: other.availability,
    }));
  return json({ truck, tab, others });
}

export const shouldRevalidate = modalAwareRevalidate;

/** The price modal on a truck page names the truck. */
export const handle: ModalSubjectHandle = {
  modalSubject: (data) => (data as { truck?: { name: string } } | undefined)?.truck?.name,
};

const SCHEMA_AVAILABILITY: Record<Availability, string> = {
  "В наличии": "https://schema.org/InStock",
  "В пути": "https://schema.org/PreOrder",
  "Под заказ": "https://schema.org/BackOrder",
};

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const truck = data?.truck;
  if (!truck)
    return pageMeta({
      title: "Техника",
      description: `Техника ${DEALER.brand} у официального дилера ${DEALER.inCity}.`,
    });
  const savings = truck.stock > 0 ? ` Экономия ${formatRubWhole(truck.stock)} при покупке в лизинг.` : "";
  return pageMeta({
    title: `${truck.name} — купить у официального дилера`,
    description: `${truck.shortDescription}${savings} Официальный дилер ${DEALER.brand} ${DEALER.inCity}.`.slice(
      0,
      300,
    ),
  });
};

export default function TruckPage() {
  const { truck, tab, others } = useLoaderData<typeof loader>();
  const location = useLocation();
  const siteUrl = useSiteUrl();
  const typeName = truck.type.name;

  // Keyed by the truck: moving to another model resets the gallery, scheme and tabs.
  return (
    <div className="container page" key={truck.slug}>
      <Breadcrumbs
        items={[
          { name: "Главная", to: "/" },
          { name: "Каталог", to: "/catalog" },
          { name: "Модельный ряд", to: "/catalog/trucks" },
          { name: typeName, to: `/catalog/trucks?type=${truck.type.slug}` },
          { name: truck.name },
        ]}
      />
      <JsonLd
        data={productJsonLd(siteUrl, {
          name: truck.name,
          url: location.pathname,
          image: truck.mainImg,
          sku: truck.article,
          description: truck.shortDescription,
          price: truck.price,
          inStock: truck.availability === "В наличии",
          availability: SCHEMA_AVAILABILITY[truck.availability],
        })}
      />

      <div className="truck">
        <Gallery images={[truck.mainImg, ...truck.slider]} alt={truck.name} />
        <div className="truck__info">
          <h1>{truck.name}</h1>
          <div className="truck__badges">
            <span className="formula-badge">Колесная формула {truck.formula}</span>
            <span className="formula-badge">{typeName}</span>
          </div>
          <p className="truck__short">{truck.shortDescription}</p>
          <TruckPrice price={truck.price} availability={truck.availability} size="page" />
          <div className="truck__actions">
            <ModalLink modal="price" className="btn btn--primary">
              Узнать цену
            </ModalLink>
            <ModalLink modal="leasing" className="btn btn--outline">
              Расчет лизинга
            </ModalLink>
          </div>
          {truck.stock > 0 ? (
            <p className="subsidy" data-testid="subsidy">
              <GiftIcon />
              <span>
                <strong>Экономия {formatRubWhole(truck.stock)}</strong> — субсидия при покупке в лизинг. Подробности у
                менеджера.
              </span>
            </p>
          ) : null}
          {truck.characteristics.length > 0 ? (
            <dl className="truck__quick">
              {truck.characteristics.slice(0, 4).map((row) => (
                <div key={row.label}>
                  <dt>{row.label}</dt>
                  <dd>{formatSpecValue(row.value)}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </div>
      </div>

      <section className="truck-section" aria-labelledby="description-title">
        <h2 id="description-title">Описание</h2>
        <div className="truck__description">
          {truck.description.length > 0 ? (
            truck.description.map((paragraph, index) => <p key={index}>{paragraph}</p>)
          ) : (
            <p>Отсутствует</p>
          )}
        </div>
      </section>

      {truck.scheme.length > 0 ? <TruckScheme name={truck.name} scheme={truck.scheme} /> : null}

      <TruckTabs
        initial={tab}
        article={truck.article}
        panels={{
          characteristics: <SpecTable rows={truck.characteristics} caption="Характеристики" />,
          params: <SpecTable rows={truck.params} caption="Параметры" />,
          equipment:
            truck.equipments.length > 0 ? (
              <ul className="check-list equipment">
                {truck.equipments.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : (
              <p>-</p>
            ),
        }}
      />

      <section className="buy" aria-labelledby="buy-title" id="buy">
        <div>
          <h2 id="buy-title">Оставить заявку на {truck.name}</h2>
          <p className="buy__text">
            {/* The model's name as written, in quotes after 'модели': a name in the nominative cannot follow 'поставки'. */}
            Оставьте имя и телефон — менеджер свяжется с вами, уточнит комплектацию и сроки поставки{" "}
            {`модели «${truck.name}»`} и подготовит коммерческое предложение.
          </p>
        </div>
        <DeferredLeadForm form="buy" page={location.pathname} />
      </section>

      {others.length > 0 ? <OtherTrucks typeSlug={truck.type.slug} trucks={others} /> : null}
    </div>
  );
}
