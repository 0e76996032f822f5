import { Form } from "@remix-run/react";
import { useRef, useState } from "react";
import { useHydrated } from "~/utils/use-hydrated";
import { defaultOrder, orderChoices, type PartsOrder, type PartsQuery } from "~/lib/catalogue-query";
import { SearchSuggestions } from "./search-suggestions";

const ORDER_LABELS: Record<PartsOrder, string> = {
  relevance: "По релевантности",
  name_asc: "По названию, А–Я",
  name_desc: "По названию, Я–А",
  price_desc: "Сначала дороже",
  price_asc: "Сначала дешевле",
};

/**
 * The catalogue search: a GET form keeping the chosen groups and an order the visitor chose (a
 * search without one comes in relevance order). A new search keeps the visitor's place; a new
 * page of results (a plain link) starts at the top. With JavaScript the box suggests parts as the
 * visitor types.
 */
export function PartsSearch({ query }: { query: PartsQuery }) {
  return (
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
      <SearchSuggestions
        id="parts-search"
        name="search"
        defaultValue={query.search}
        placeholder="Название, артикул"
        maxLength={200}
      />
      {query.groups.map((group) => (
        <input key={group} type="hidden" name="groups" value={group} />
      ))}
      {query.sortBy !== defaultOrder(query.search) ? <input type="hidden" name="sortBy" value={query.sortBy} /> : null}
      {query.inStock ? <input type="hidden" name="inStock" value="1" /> : null}
      <button type="submit" className="btn btn--primary">
        Искать
      </button>
    </Form>
  );
}

/** Below this width the open panel covers the list: it closes once applied. */
const PHONE_QUERY = "(max-width: 767px)";

/** The element the list's results start at: 'Применить' without JavaScript comes back to it. */
export const RESULTS_ID = "results";

/** The panel's fields as a query has them. */
function fieldsOf(query: PartsQuery) {
  return { sortBy: query.sortBy, inStock: query.inStock, groups: query.groups };
}

/**
 * Sorting and model-range groups: a GET form keeping the search, open while any is chosen. The
 * fields are the URL's query, after every navigation (a link, Back, a search): what 'Применить'
 * sends is what the panel shows. On a phone, with JavaScript, 'Применить' closes the panel and
 * shows the start of the list it filtered; without it (or before it runs) the form's address leads to the results,
 * below the panel, which the browser scrolls to.
 */
export function PartsFilters({ query, groups }: { query: PartsQuery; groups: string[] }) {
  const details = useRef<HTMLDetailsElement>(null);
  const hydrated = useHydrated();
  const [appliedOnPhone, setAppliedOnPhone] = useState(false);
  const [fields, setFields] = useState(() => fieldsOf(query));
  // A new query (any navigation): the fields follow it, as React adjusts state to new props.
  const key = JSON.stringify(fieldsOf(query));
  const [shownKey, setShownKey] = useState(key);
  if (key !== shownKey) {
    setShownKey(key);
    setFields(fieldsOf(query));
  }
  const chosen = query.groups.length > 0 || query.inStock || query.sortBy !== defaultOrder(query.search);
  return (
    <details ref={details} className="filters" open={chosen && !appliedOnPhone ? true : undefined}>
      <summary className="btn btn--outline btn--small">Фильтры</summary>
      <Form
        method="get"
        // With JavaScript the list changes in place and the page stays where it is.
        action={hydrated ? "/catalog/parts" : `/catalog/parts#${RESULTS_ID}`}
        preventScrollReset
        // Without JavaScript the browser would fill the fields on Back with what they held when the
        // page was left (the choices just applied), not what this page's address says.
        autoComplete="off"
        className="filters__panel"
        onSubmit={() => {
          if (!details.current || !window.matchMedia(PHONE_QUERY).matches) return;
          details.current.open = false;
          setAppliedOnPhone(true);
          // The panel the customer scrolled down is gone: the list starts where it was.
          document.getElementById(RESULTS_ID)?.scrollIntoView({ block: "start" });
        }}
      >
        {query.search ? <input type="hidden" name="search" value={query.search} /> : null}
        <div className="field">
          <label htmlFor="parts-sort" className="field__label">
            Сортировка
          </label>
          <select
            id="parts-sort"
            name="sortBy"
            value={fields.sortBy}
            onChange={(event) => {
              const sortBy = event.currentTarget.value as PartsOrder;
              setFields((current) => ({ ...current, sortBy }));
            }}
            className="field__input"
          >
            {orderChoices(query.search).map((value) => (
              <option key={value} value={value}>
                {ORDER_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <label className="checkbox filters__stock">
          <input
            type="checkbox"
            name="inStock"
            value="1"
            checked={fields.inStock}
            onChange={(event) => {
              const inStock = event.currentTarget.checked;
              setFields((current) => ({ ...current, inStock }));
            }}
          />
          <span>Только в наличии</span>
        </label>
        <fieldset className="filters__groups">
          <legend className="field__label">Модельный ряд</legend>
          {groups.map((group) => (
            <label key={group} className="checkbox">
              <input
                type="checkbox"
                name="groups"
                value={group}
                checked={fields.groups.includes(group)}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setFields((current) => ({
                    ...current,
                    groups: on ? [...current.groups, group] : current.groups.filter((g) => g !== group),
                  }));
                }}
              />
              <span>{group}</span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn btn--primary">
          Применить
        </button>
      </Form>
    </details>
  );
}
