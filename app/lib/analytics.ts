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

export function ecommerceEvent(action: EcommerceAction, products: EcommerceProduct[], orderId?: string): EcommerceEvent {
  if (action === "purchase") return { ecommerce: { currencyCode: "RUB", purchase: { actionField: { id: orderId ?? "" }, products } } };
  return { ecommerce: { currencyCode: "RUB", [action]: { products } } };
}
