import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { JsonLd, productJsonLd, useSiteUrl } from "~/components/structured-data";
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { Carousel } from "~/components/carousel";
import { LeadForm } from "~/components/forms/lead-form";
import { Gallery } from "~/components/gallery";
import { ModalLink } from "~/components/modal-link";
import { PartImage } from "~/components/part-image";
import { findTruck, TRUCK_CATEGORIES } from "~/data/trucks";
import { formatRubWhole } from "~/lib/format";
import { modalAwareRevalidate } from "~/utils/revalidate";
import { pageMeta } from "~/lib/seo";

const TABS = [
  { id: "characteristics", label: "Характеристики" },
  { id: "params", label: "Параметры" },
  { id: "equipment", label: "Комплектация" },
] as const;

type TabId = (typeof TABS)[number]["id"];

function isTabId(value: unknown): value is TabId {
  return TABS.some((tab) => tab.id === value);
}

export function loader({ params, request }: LoaderFunctionArgs) {
  const truck = findTruck(params.categorySlug ?? "", params.slug ?? "");
  if (!truck) throw redirect("/not-found");
  const tabParam = new URL(request.url).searchParams.get("tab");
  const tab: TabId = isTabId(tabParam) ? tabParam : "characteristics";
  const others = (TRUCK_CATEGORIES.find((category) => category.slug === truck.type.slug)?.items ?? [])
    .filter((other) => other.slug !== truck.slug)
    .map((other) => ({ slug: other.slug, name: other.name, image: other.mainImg, formula: other.formula }));
  return json({ truck, tab, others });
}

export const shouldRevalidate = modalAwareRevalidate;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const truck = data?.truck;
  if (!truck) return pageMeta({ title: "Техника", description: "Техника FAW у официального дилера в Красноярске." });
  const savings = truck.stock > 0 ? ` Экономия ${formatRubWhole(truck.stock)} при покупке в лизинг.` : "";
  return pageMeta({
    title: `${truck.name} — купить у официального дилера`,
    description: `${truck.shortDescription}${savings} Официальный дилер FAW в Красноярске.`.slice(0, 300),
  });
};

function GiftIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M20 12v10H4V12M2 7h20v5H2zM12 22V7M12 7H7.5a2.5 2.5 0 0 1 0-5C11 2 12 7 12 7zM12 7h4.5a2.5 2.5 0 0 0 0-5C13 2 12 7 12 7z" />
    </svg>
  );
}

interface Row {
  label: string;
  value: string;
}

function SpecTable({ rows, caption }: { rows: Row[]; caption: string }) {
  return (
    <table className="spec-table">
      <caption className="visually-hidden">{caption}</caption>
      <tbody>
        {rows.map((row, index) =>
          row.value === "" ? (
            <tr key={index} className="spec-table__group">
              <th colSpan={2} scope="colgroup">
                {row.label}
              </th>
            </tr>
          ) : (
            <tr key={index}>
              <th scope="row">{row.label}</th>
              <td>{row.value}</td>
            </tr>
          ),
        )}
      </tbody>
    </table>
  );
}

/**
 * Tabs as links (`?tab=…`, read by the loader) so they work without JavaScript; with JavaScript
 * they switch in place, as an ARIA tablist with arrow-key navigation.
 */
function TruckTabs({ initial, article, panels }: { initial: TabId; article: string; panels: Record<TabId, JSX.Element> }) {
  const [current, setCurrent] = useState<TabId>(initial);
  const [hydrated, setHydrated] = useState(false);
  const tabRefs = useRef<Record<string, HTMLAnchorElement | null>>({});

  useEffect(() => setHydrated(true), []);
  useEffect(() => setCurrent(initial), [initial]);

  const select = (id: TabId, focus: boolean) => {
    setCurrent(id);
    if (focus) tabRefs.current[id]?.focus();
  };

  const onClick = (event: MouseEvent<HTMLAnchorElement>, id: TabId) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    select(id, false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((tab) => tab.id === current);
    let next: number;
    if (event.key === "ArrowRight") next = (index + 1) % TABS.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + TABS.length) % TABS.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = TABS.length - 1;
    else return;
    event.preventDefault();
    select(TABS[next].id, true);
  };

  return (
    <section className="truck-section tabs" id="specs" aria-label="Технические данные">
      <div className="tabs__bar">
        <div className="tabs__list" role="tablist" aria-label="Технические данные" onKeyDown={onKeyDown}>
          {TABS.map((tab) => {
            const selected = tab.id === current;
            return (
              <a
                key={tab.id}
                ref={(el) => {
                  tabRefs.current[tab.id] = el;
                }}
                href={`?tab=${tab.id}#specs`}
                id={`tab-${tab.id}`}
                role="tab"
                aria-selected={selected}
                aria-controls={`panel-${tab.id}`}
                // Roving focus once scripts run; without them every tab stays reachable by Tab.
                tabIndex={hydrated && !selected ? -1 : undefined}
                className="tabs__tab"
                onClick={(event) => onClick(event, tab.id)}
              >
                {tab.label}
              </a>
            );
          })}
        </div>
        <p className="tabs__article">
          Артикул: <strong>{article || "-"}</strong>
        </p>
      </div>
      {TABS.map((tab) => (
        <div key={tab.id} id={`panel-${tab.id}`} role="tabpanel" aria-labelledby={`tab-${tab.id}`} tabIndex={0} hidden={tab.id !== current} className="tabs__panel">
          {panels[tab.id]}
        </div>
      ))}
    </section>
  );
}

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
          inStock: true,
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
                <strong>Экономия {formatRubWhole(truck.stock)}</strong> — субсидия при покупке в лизинг. Подробности у менеджера.
              </span>
            </p>
          ) : null}
          {truck.characteristics.length > 0 ? (
            <dl className="truck__quick">
              {truck.characteristics.slice(0, 4).map((row) => (
                <div key={row.label}>
                  <dt>{row.label}</dt>
                  <dd>{row.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </div>
      </div>

      <section className="truck-section" aria-labelledby="description-title">
        <h2 id="description-title">Описание</h2>
        <div className="truck__description">
          {truck.description.length > 0 ? truck.description.map((paragraph, index) => <p key={index}>{paragraph}</p>) : <p>Отсутствует</p>}
        </div>
      </section>

      {truck.scheme.length > 0 ? (
        <details className="scheme" data-testid="scheme">
          <summary>Схема</summary>
          {truck.scheme.map(([side, front, back], index) => (
            <div key={index} className="scheme__views">
              <figure>
                <PartImage src={side} alt={`${truck.name}: схема, вид сбоку`} width={800} height={600} />
                <figcaption>Вид сбоку</figcaption>
              </figure>
              <figure>
                <PartImage src={front} alt={`${truck.name}: схема, вид спереди`} width={800} height={600} />
                <figcaption>Вид спереди</figcaption>
              </figure>
              <figure>
                <PartImage src={back} alt={`${truck.name}: схема, вид сзади`} width={800} height={600} />
                <figcaption>Вид сзади</figcaption>
              </figure>
            </div>
          ))}
        </details>
      ) : null}

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
          <h2 id="buy-title">Купить</h2>
          <p className="buy__text">
            Оставьте имя и телефон — менеджер свяжется с вами, уточнит комплектацию и сроки поставки {truck.name} и подготовит коммерческое предложение.
          </p>
        </div>
        <LeadForm form="buy" page={location.pathname} />
      </section>

      {others.length > 0 ? (
        <section className="truck-section">
          <h2 id="others-title">Другие модели</h2>
          <Carousel label="Другие модели" variant="trucks">
            {others.map((other) => (
              <Link key={other.slug} to={`/catalog/trucks/${truck.type.slug}/${other.slug}`} className="mini-card truck-mini">
                <PartImage src={other.image} alt={other.name} width={800} height={600} />
                <span className="mini-card__name">{other.name}</span>
                <span className="truck-mini__formula">Колесная формула {other.formula}</span>
              </Link>
            ))}
          </Carousel>
        </section>
      ) : null}
    </div>
  );
}
