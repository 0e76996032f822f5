import { json, redirect, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from "@remix-run/node";
import { useLoaderData, useNavigation, Link } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { ModalLink } from "~/components/modal-link";
import { Pagination } from "~/components/pagination";
import { PartRow, PartRowSkeletons, PartsTableHead, type PartRowData } from "~/components/part-row";
import { PartsFilters, PartsSearch, RESULTS_ID } from "~/components/parts-filters";
import { DeskPhones } from "~/components/desk-phones";
import { DownloadIcon } from "~/components/icons";
import { DEALER, DESKS } from "~/content";
import { parsePartsQuery, serializePartsQuery, type PartsQuery } from "~/lib/catalogue-query";
import { runPartsQuery } from "~/lib/catalogue-search";
import { NO_MATCHES, PARTS_LOAD_ERROR } from "~/lib/messages";
import { modalAwareRevalidate } from "~/utils/revalidate";
import { pageMeta } from "~/lib/seo";
import partsStyles from "~/styles/parts.css";
import shopStyles from "~/styles/shop.css";
import "~/components/site-frame"; // the frame's code as one script with this page (decision 013)
import type { SitePath } from "~/lib/site-path";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: partsStyles },
  { rel: "stylesheet", href: shopStyles },
];

interface PartsListData {
  query: PartsQuery;
  groups: string[];
  items: PartRowData[];
  total: number;
  pageCount: number;
  shownQuery: string | null;
  /** Nothing found with the groups chosen: how many the search finds on its own. */
  withoutGroups: number | null;
  error: string | null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const query = parsePartsQuery(params);
  // Search writes the trimmed text (spec §4): a form sent without JavaScript is tidied by a redirect.
  const rawSearch = params.get("search");
  if (rawSearch !== null && rawSearch !== query.search) {
    const qs = serializePartsQuery(query);
    throw redirect(qs ? `/catalog/parts?${qs}` : "/catalog/parts");
  }
  try {
    const snapshot = await context.services.parts.getCatalogue();
    const result = runPartsQuery(snapshot, query);
    // Past the last page (an old link, a catalogue that has shrunk since): the last page, under its
    // own address, so the address, the pagination and the canonical link name the page shown.
    if (result.page < query.page) {
      const shown = new URLSearchParams(params);
      if (result.page > 1) shown.set("page", String(result.page));
      else shown.delete("page");
      const qs = shown.toString();
      return redirect(qs ? `/catalog/parts?${qs}` : "/catalog/parts");
    }
    const withoutGroups =
      result.total === 0 && query.search && query.groups.length > 0
        ? runPartsQuery(snapshot, { ...query, groups: [], page: 1 }, 1).total
        : null;
    return json<PartsListData>({
      query,
      groups: snapshot.groups,
      items: result.items.map((p) => ({
        id: p.id,
        slug: p.slug,
        name: p.name,
        fullName: p.fullName,
        article: p.article,
        group: p.group,
        price: p.price,
        balance: p.balance,
        image: p.images[0] ?? null,
      })),
      total: result.total,
      pageCount: result.pageCount,
      shownQuery: result.shownQuery ?? null,
      withoutGroups,
      error: null,
    });
  } catch {
    return json<PartsListData>(
      {
        query,
        groups: [],
        items: [],
        total: 0,
        pageCount: 1,
        shownQuery: null,
        withoutGroups: null,
        error: PARTS_LOAD_ERROR,
      },
      { status: 503 },
    );
  }
}

export const shouldRevalidate = modalAwareRevalidate;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const q = data?.query;
  const parts = [q?.search ? `«${q.search}»` : "", q?.groups.length ? q.groups.join(", ") : ""]
    .filter(Boolean)
    .join(" — ");
  const page = q && q.page > 1 ? `, страница ${q.page}` : "";
  return pageMeta({
    title: parts ? `Запчасти ${parts}${page}` : `Каталог запчастей FAW${page}`,
    description: parts
      ? `Запчасти FAW по запросу ${parts}: ${data?.total ?? 0} позиций в наличии и под заказ, цены с НДС, доставка по городу и в регионы.`
      : `Оригинальные запчасти FAW: фильтры, тормозные колодки, насосы, детали двигателя и КПП. Цены с НДС, наличие на складе ${DEALER.inCity}.`,
  });
};

function href(query: PartsQuery, patch: Partial<PartsQuery>): SitePath {
  const qs = serializePartsQuery({ ...query, ...patch });
  return qs ? `/catalog/parts?${qs}` : "/catalog/parts";
}

/**
 * The list is empty: ways out (without the search, without the groups, with parts on order too),
 * the parts-list request, and the parts desk's phones.
 */
function NothingFound({ query, withoutGroups }: { query: PartsQuery; withoutGroups: number | null }) {
  return (
    <div className="parts-help" data-testid="nothing-found">
      <p className="empty-state">{NO_MATCHES}</p>
      <ul className="parts-help__ways">
        {query.search ? (
          <li>
            <Link to={href(query, { search: "", sortBy: undefined, page: 1 })}>
              Показать без поиска «{query.search}»
            </Link>
          </li>
        ) : null}
        {query.groups.length ? (
          <li>
            {withoutGroups
              ? `Без выбранных моделей${query.search ? ` по запросу «${query.search}»` : ""} найдено: ${withoutGroups}. `
              : null}
            <Link to={href(query, { groups: [], page: 1 })}>Показать все модели</Link>
          </li>
        ) : null}
        {query.inStock ? (
          <li>
            <Link to={href(query, { inStock: false, page: 1 })}>Показать и то, что под заказ</Link>
          </li>
        ) : null}
      </ul>
      <p>
        Не нашли нужную деталь? Пришлите готовый список — подберём позиции и проверим наличие.{" "}
        <ModalLink modal="parts-list">Отправить список запчастей</ModalLink>
      </p>
      <p>
        Или позвоните в отдел запчастей: <DeskPhones desk={DESKS.parts} />
      </p>
    </div>
  );
}

export default function PartsCatalogue() {
  const { query, groups, items, total, pageCount, shownQuery, withoutGroups, error } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/catalog/parts";
  return (
    <div className="container page">
      <Breadcrumbs items={[{ name: "Главная", to: "/" }, { name: "Каталог", to: "/catalog" }, { name: "Запчасти" }]} />
      <div className="parts-head">
        <h1>Каталог запчастей</h1>
        <div className="parts-head__aside">
          <ul className="parts-head__phones" aria-label="Телефоны отдела запчастей">
            {DESKS.parts.phones.map((phone) => (
              <li key={phone.tel}>
                <span className="muted">{phone.label}:</span> <a href={`tel:${phone.tel}`}>{phone.display}</a>
              </li>
            ))}
          </ul>
          {/* A file, not a page: the browser downloads it, with or without JavaScript. */}
          <a className="parts-head__price-list" href="/feeds/price-list.xlsx" download>
            <DownloadIcon size={18} />
            Скачать прайс-лист
          </a>
        </div>
      </div>

      <PartsSearch query={query} />
      <div className="parts-bar">
        <PartsFilters query={query} groups={groups} />
        {!error && !loading && items.length > 0 ? <p className="muted parts-count">Найдено: {total}</p> : null}
      </div>

      {/* Where 'Применить' without JavaScript comes back to: the results, not the panel above them. */}
      <div id={RESULTS_ID} className="parts-results">
        {shownQuery ? <p className="parts-note">Показаны результаты по запросу «{shownQuery}»</p> : null}

        {error ? (
          <p className="form-alert" role="alert">
            {error}
          </p>
        ) : loading ? (
          <PartRowSkeletons />
        ) : items.length === 0 ? (
          <NothingFound query={query} withoutGroups={withoutGroups} />
        ) : (
          <>
            <PartsTableHead />
            <ul className="parts-list">
              {items.map((part, index) => (
                <PartRow key={part.id} part={part} eager={index < 2} search={shownQuery ?? query.search} />
              ))}
            </ul>
            <Pagination page={query.page} pageCount={pageCount} hrefFor={(page) => href(query, { page })} />
          </>
        )}
      </div>

      <section className="ready-list" aria-labelledby="ready-list-title">
        <div>
          <h2 id="ready-list-title">Есть готовый список запчастей?</h2>
          <p>Пришлите его файлом — подберём позиции, проверим наличие и пришлём счёт.</p>
        </div>
        <ModalLink modal="parts-list" className="btn btn--primary">
          Оставить заявку
        </ModalLink>
      </section>
    </div>
  );
}
