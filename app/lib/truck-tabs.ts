/** The tabs of a truck's page. The open one is in the URL (`?tab=…`), so they work without JavaScript. */
export const TRUCK_TABS = [
  { id: "characteristics", label: "Характеристики" },
  { id: "params", label: "Параметры" },
  { id: "equipment", label: "Комплектация" },
] as const;

export type TruckTabId = (typeof TRUCK_TABS)[number]["id"];

function isTruckTabId(value: unknown): value is TruckTabId {
  return TRUCK_TABS.some((tab) => tab.id === value);
}

/** The tab a `?tab=` value names; the first one when it is missing or unknown. */
export function truckTabFrom(value: string | null): TruckTabId {
  return isTruckTabId(value) ? value : "characteristics";
}
