/**
 * The three vehicle categories, apart from the catalogue itself so the header and footer can
 * link to them without shipping the whole truck catalogue to every page.
 */
export interface TruckType {
  name: string;
  slug: "tyagach" | "spectehnika" | "samosval";
}

export const TRUCK_TYPES: TruckType[] = [
  { name: "Тягачи", slug: "tyagach" },
  { name: "Спецтехника", slug: "spectehnika" },
  { name: "Самосвалы", slug: "samosval" },
];

export function isTruckTypeSlug(value: unknown): value is TruckType["slug"] {
  return TRUCK_TYPES.some((type) => type.slug === value);
}

export function truckTypeName(slug: string): string | undefined {
  return TRUCK_TYPES.find((type) => type.slug === slug)?.name;
}
