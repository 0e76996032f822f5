/**
 * Yandex Metrica e-commerce events in window.dataLayer (spec §4, §7.5): currency RUB and
 * products {id, name, price, quantity}. Metrica reads the array whenever it loads, so events
 * pushed before the visitor accepts cookies are not lost and nothing is sent before that.
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

export function ecommerceEvent(action: EcommerceAction, products: EcommerceProduct[], orderId?: string): EcommerceEvent {
  if (action === "purchase") return { ecommerce: { currencyCode: "RUB", purchase: { actionField: { id: orderId ?? "" }, products } } };
  return { ecommerce: { currencyCode: "RUB", [action]: { products } } };
}

export function pushDataLayer(event: EcommerceEvent): void {
  if (typeof window === "undefined") return;
  const w = window as unknown as { dataLayer?: unknown[] };
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push(event);
}
