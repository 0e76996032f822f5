import type { PartsQuery } from "~/lib/catalogue-query";
import { createCatalogueSnapshot } from "~/lib/catalogue-snapshot";
import type { Part } from "~/lib/part";

let nextId = 1;

/** A part of the catalogue named `name`, in stock at 1 000 ₽ in FAW J6P unless `extra` says otherwise. */
export function part(name: string, extra: Partial<Part> = {}): Part {
  const id = String(nextId++);
  return {
    id,
    slug: `part-${id}`,
    name,
    fullName: name,
    article: "",
    group: "FAW J6P",
    price: 1000,
    balance: 5,
    images: [],
    description: "",
    ...extra,
  };
}

/** The snapshot of a catalogue holding `parts`, their groups in order of appearance. */
export function snapshotOf(parts: Part[]) {
  return createCatalogueSnapshot({ parts, groups: [...new Set(parts.map((p) => p.group))] }, 1);
}

/** The list's query with nothing chosen, but for `over`. */
export const partsQuery = (over: Partial<PartsQuery> = {}): PartsQuery => ({
  search: "",
  groups: [],
  sortBy: "name_asc",
  page: 1,
  inStock: false,
  ...over,
});
