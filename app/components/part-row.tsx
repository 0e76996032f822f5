import { Link } from "@remix-run/react";
import { partPrice } from "~/lib/format";
import { highlightPart } from "~/lib/highlight";
import type { Part } from "~/lib/part";
import { Highlighted } from "./highlighted";
import { OutOfStock } from "./out-of-stock";
import { PartImage } from "./part-image";
import { PurchaseControl } from "./purchase-control";

/** The row's element id: a purchase made without JavaScript comes back to it (`#part-…`). */
export const partRowId = (id: string) => `part-${id}`;

/** What a row of the parts list shows of a part: its first picture only, no description. */
export type PartRowData = Omit<Part, "images" | "description"> & { image: string | null };

/**
 * One part of the catalogue list: picture, name with article, model group, stock, price with VAT
 * and the purchase control. A card on a phone; from 1024 px one line of a table (the columns'
 * headings are PartsTableHead), so a screen holds many of them.
 * With `search`, the words it matched are marked in the name and the article.
 */
export function PartRow({ part, eager, search }: { part: PartRowData; eager: boolean; search?: string }) {
  const marks = search ? highlightPart(part, search) : undefined;
  return (
    <li className="part-row" data-testid="part-row" id={partRowId(part.id)}>
      <Link to={`/catalog/parts/${part.slug}`} className="part-row__image" tabIndex={-1} aria-hidden="true">
        <PartImage src={part.image ?? undefined} alt="" width={120} height={90} eager={eager} />
      </Link>
      <div className="part-row__main">
        <h2 className="part-row__name">
          <Link to={`/catalog/parts/${part.slug}`}>
            {marks ? <Highlighted segments={marks.fullName} /> : part.fullName}
          </Link>
        </h2>
        <p className="part-row__article">
          Артикул: {part.article ? marks ? <Highlighted segments={marks.article} /> : part.article : "-"}
        </p>
      </div>
      <p className="part-row__group">
        <span className="part-row__label">Модельный ряд: </span>
        {part.group}
      </p>
      <p className="part-row__stock">В наличии: {part.balance} ед.</p>
      <p className="part-row__price">
        {partPrice(part.price)}
        {part.price > 0 ? <span>цена с учетом НДС</span> : null}
      </p>
      <div className="part-row__buy">
        {part.balance <= 0 ? (
          <OutOfStock part={{ slug: part.slug, name: part.fullName || part.name, article: part.article }} />
        ) : null}
        <PurchaseControl
          part={{ id: part.id, name: part.name, price: part.price, balance: part.balance }}
          anchor={partRowId(part.id)}
        />
      </div>
    </li>
  );
}

/** The columns' headings over the list on a desktop; each row names its values for a screen reader. */
export function PartsTableHead() {
  return (
    <div className="parts-table-head" aria-hidden="true">
      <span className="parts-table-head__name">Наименование</span>
      <span className="parts-table-head__group">Модельный ряд</span>
      <span className="parts-table-head__stock">Наличие</span>
      <span className="parts-table-head__price">Цена</span>
    </div>
  );
}

/** Placeholder rows while the next page of the list loads. */
export function PartRowSkeletons() {
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
