/**
 * Yandex Metrica e-commerce events (spec §4, §7.5): currency RUB and products {id, name, price,
 * quantity}. The browser pushes them into window.dataLayer (app/utils/data-layer.ts).
 */
export interface EcommerceProduct {
  id: string;
  name: string;
  price: number;
  quantity: number;
}

export type EcommerceAction = "add" | "remove" | "detail" | "purchase";

export interface EcommerceEvent {
  ecommerce: {
    currencyCode: "RUB";
    add?: { products: EcommerceProduct[] };
    remove?: { products: EcommerceProduct[] };
    detail?: { products: EcommerceProduct[] };
    purchase?: { actionField: { id: string }; products: EcommerceProduct[] };
  };
}

export function ecommerceEvent(
  action: EcommerceAction,
  products: EcommerceProduct[],
  orderId?: string,
): EcommerceEvent {
  if (action === "purchase")
    return { ecommerce: { currencyCode: "RUB", purchase: { actionField: { id: orderId ?? "" }, products } } };
  return { ecommerce: { currencyCode: "RUB", [action]: { products } } };
}

/** Yandex Metrica's tag. It loads only after the visitor accepts the cookie banner (152-ФЗ). */
export const METRICA_TAG_URL = "https://mc.yandex.ru/metrika/tag.js";

/** The counter's pixel for a browser without JavaScript (the tag's `<noscript>` part). */
export function metricaPixelUrl(counterId: string): string {
  return `https://mc.yandex.ru/watch/${encodeURIComponent(counterId)}`;
}

/** The counter's settings: the e-commerce events are read from `window.dataLayer`, where the cart pushes them. */
export const METRICA_INIT_OPTIONS = {
  ecommerce: "dataLayer",
  clickmap: true,
  trackLinks: true,
  accurateTrackBounce: true,
} as const;

/**
 * The goals reached on the pages a journey ends on. Set them up in Metrica as goals of the type
 * «JavaScript-событие» with these identifiers.
 */
export const METRICA_GOALS = {
  "/form-success": "lead_sent",
  "/order-success": "order_sent",
} as const satisfies Record<string, string>;

export function metricaGoal(pathname: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return Object.prototype.hasOwnProperty.call(METRICA_GOALS, path)
    ? METRICA_GOALS[path as keyof typeof METRICA_GOALS]
    : undefined;
}
