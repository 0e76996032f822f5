import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { ModalLink } from "~/components/modal-link";
import { PartImage } from "~/components/part-image";
import { Pagination } from "~/components/pagination";
import { PurchaseControl } from "~/components/purchase-control";
import { SALES_POINTS } from "~/data/site";
import { parsePartsQuery, runPartsQuery, serializePartsQuery, SORT_BY_VALUES, type PartsQuery, type SortBy } from "~/lib/catalogue-query";
import { formatRub } from "~/lib/format";
import { NO_MATCHES, PARTS_LOAD_ERROR } from "~/lib/messages";
import { modalAwareRevalidate } from "~/utils/revalidate";
import { pageMeta } from "~/lib/seo";

const SORT_LABELS: Record<SortBy, string> = {
  name_asc: "По названию, А–Я",
  name_desc: "По названию, Я–А",
  price_desc: "Сначала дороже",
  price_asc: "Сначала дешевле",
};

interface PartRowData {
  id: string;
  slug: string;
  name: string;
  fullName: string;
  article: string;
  price: number;
  balance: number;
  image: string | null;
}

interface PartsListData {
  query: PartsQuery;
  groups: string[];
  items: PartRowData[];
  total: number;
  pageCount: number;
  shownQuery: string | null;
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
    return json<PartsListData>({
      query: { ...query, page: result.page },
      groups: snapshot.groups,
      items: result.items.map((p) => ({ id: p.id, slug: p.slug, name: p.name, fullName: p.fullName, article: p.article, price: p.price, balance: p.balance, image: p.images[0] ?? null })),
      total: result.total,
      pageCount: result.pageCount,
      shownQuery: result.shownQuery ?? null,
      error: null,
    });
  } catch {
    return json<PartsListData>({ query, groups: [], items: [], total: 0, pageCount: 1, shownQuery: null, error: PARTS_LOAD_ERROR }, { status: 503 });
  }
}

export const shouldRevalidate = modalAwareRevalidate;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const q = data?.query;
  const parts = [q?.search ? `«${q.search}»` : "", q?.groups.length ? q.groups.join(", ") : ""].filter(Boolean).join(" — ");
  const page = q && q.page > 1 ? `, страница ${q.page}` : "";
  return pageMeta({
    title: parts ? `Запчасти ${parts}${page}` : `Каталог запчастей FAW${page}`,
    description: parts
      ? `Запчасти FAW по запросу ${parts}: ${data?.total ?? 0} позиций в наличии и под заказ, цены с НДС, доставка по Красноярску.`
      : "Оригинальные запчасти FAW: фильтры, тормозные колодки, насосы, детали двигателя и КПП. Цены с НДС, наличие на складе в Красноярске.",
  });
};

function href(query: PartsQuery, patch: Partial<PartsQuery>) {
  const qs = serializePartsQuery({ ...query, ...patch });
  return qs ? `?${qs}` : "/catalog/parts";
}

function SkeletonRows() {
  return (
    <ul className="parts-list" aria-hidden="true" data-testid="parts-skeleton">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} className="part-row part-row--skeleton">
          <span className="skeleton skeleton--img" />
          <span className="skeleton skeleton--text" />
          <span className="skeleton skeleton--price" />
        </li>
      ))}
    </ul>
  );
}

export default function PartsCatalogue() {
  const { query, groups, items, total, pageCount, shownQuery, error } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/catalog/parts";
  const sales = SALES_POINTS[1];

  return (
    <div className="container page">
      <Breadcrumbs items={[{ name: "Главная", to: "/" }, { name: "Каталог", to: "/catalog" }, { name: "Запчасти" }]} />
      <div className="parts-head">
        <h1>Каталог запчастей</h1>
        <ul className="parts-head__phones" aria-label="Телефоны отдела запчастей">
          {sales.phones.map((phone) => (
            <li key={phone.tel}>
              <span className="muted">{phone.label}:</span> <a href={`tel:${phone.tel}`}>{phone.display}</a>
            </li>
          ))}
        </ul>
      </div>

      {/* A new search or filter keeps the visitor's place; a new page of results (a plain link) starts at the top. */}
      <Form
        method="get"
        action="/catalog/parts"
        preventScrollReset
        className="parts-search"
        role="search"
        onSubmit={(event) => {
          const input = event.currentTarget.elements.namedItem("search") as HTMLInputElement | null;
          if (input) input.value = input.value.trim();
        }}
      >
        <label htmlFor="parts-search" className="visually-hidden">
          Поиск по каталогу
        </label>
        <input id="parts-search" type="search" name="search" defaultValue={query.search} key={query.search} placeholder="Название, артикул" maxLength={200} className="field__input" />
        {query.groups.map((group) => (
          <input key={group} type="hidden" name="groups" value={group} />
        ))}
        {query.sortBy !== "name_asc" ? <input type="hidden" name="sortBy" value={query.sortBy} /> : null}
        <button type="submit" className="btn btn--primary">
          Искать
        </button>
      </Form>

      <details className="filters" open={query.groups.length > 0 || query.sortBy !== "name_asc" ? true : undefined}>
        <summary className="btn btn--outline btn--small">Фильтры</summary>
        <Form method="get" action="/catalog/parts" preventScrollReset className="filters__panel">
          {query.search ? <input type="hidden" name="search" value={query.search} /> : null}
          <div className="field">
            <label htmlFor="parts-sort" className="field__label">
              Сортировка
            </label>
            <select id="parts-sort" name="sortBy" defaultValue={query.sortBy} className="field__input">
              {SORT_BY_VALUES.map((value) => (
                <option key={value} value={value}>
                  {SORT_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="filters__groups">
            <legend className="field__label">Модельный ряд</legend>
            {groups.map((group) => (
              <label key={group} className="checkbox">
                <input type="checkbox" name="groups" value={group} defaultChecked={query.groups.includes(group)} />
                <span>{group}</span>
              </label>
            ))}
          </fieldset>
          <button type="submit" className="btn btn--primary">
            Применить
          </button>
        </Form>
      </details>

      {shownQuery ? <p className="parts-note">Показаны результаты по запросу «{shownQuery}»</p> : null}

      {error ? (
        <p className="form-alert" role="alert">
          {error}
        </p>
      ) : loading ? (
        <SkeletonRows />
      ) : items.length === 0 ? (
        <p className="empty-state">{NO_MATCHES}</p>
      ) : (
        <>
          <p className="muted parts-count">Найдено: {total}</p>
          <ul className="parts-list">
            {items.map((part, index) => (
              <li key={part.id} className="part-row" data-testid="part-row">
                <Link to={part.slug} className="part-row__image" tabIndex={-1} aria-hidden="true">
                  <PartImage src={part.image ?? undefined} alt="" width={120} height={90} eager={index < 2} />
                </Link>
                <div className="part-row__main">
                  <h2 className="part-row__name">
                    <Link to={part.slug}>{part.fullName}</Link>
                  </h2>
                  <p className="part-row__article">Артикул: {part.article || "-"}</p>
                  <p className="part-row__stock">В наличии: {part.balance} ед.</p>
                </div>
                <div className="part-row__buy">
                  <p className="part-row__price">
                    {formatRub(part.price)}
                    <span>цена с учетом НДС</span>
                  </p>
                  <PurchaseControl part={{ id: part.id, name: part.name, price: part.price, balance: part.balance }} />
                </div>
              </li>
            ))}
          </ul>
          <Pagination page={query.page} pageCount={pageCount} hrefFor={(page) => href(query, { page })} />
        </>
      )}

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
