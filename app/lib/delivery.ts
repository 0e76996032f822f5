/**
 * How an order reaches the customer (spec §9): pickup, courier in the city or to a transport
 * company; courier and transport company cost 300 ₽ each and nothing from 5 000 ₽ of goods.
 */
import { DELIVERY } from "~/content";
import { formatRub } from "./format";

export const DELIVERY_METHODS = [
  { id: "pickup", label: "Самовывоз" },
  { id: "courier", label: "Курьер по городу" },
  { id: "transport", label: "До транспортной компании" },
] as const;

export type DeliveryMethod = (typeof DELIVERY_METHODS)[number]["id"];

export const DEFAULT_DELIVERY: DeliveryMethod = "pickup";

/** The method named in a URL or a form; anything else is the default. */
export function parseDelivery(value: unknown): DeliveryMethod {
  return DELIVERY_METHODS.some((m) => m.id === value) ? (value as DeliveryMethod) : DEFAULT_DELIVERY;
}

export function deliveryLabel(method: DeliveryMethod): string {
  return DELIVERY_METHODS.find((m) => m.id === method)!.label;
}

/** What the method costs for goods worth `goodsTotal` roubles. */
export function deliveryCost(method: DeliveryMethod, goodsTotal: number): number {
  if (method === "pickup" || goodsTotal >= DELIVERY.freeFrom) return 0;
  return method === "courier" ? DELIVERY.courierPrice : DELIVERY.transportCompanyPrice;
}

/** The cost as the summary shows it: 'бесплатно' or '300 ₽'. */
export function deliveryCostText(cost: number): string {
  return cost === 0 ? "бесплатно" : formatRub(cost);
}

/** The transport companies offered for an order, from the dealer's content, then 'Другая' with a typed name. */
export const CARRIERS: readonly string[] = DELIVERY.carriers;
export const OTHER_CARRIER = "Другая";

/** What the order form sends about where the order goes, as typed. */
export interface DeliveryAnswers {
  delivery: DeliveryMethod;
  address: string;
  carrier: string;
  carrierName: string;
}

/**
 * Where the order goes, as far as the method asks: the courier's address, the transport
 * company's name (a listed one or the one typed after 'Другая'). Fields left over from a method
 * the customer picked and then changed are not the order's.
 */
export function deliveryDetails({ delivery, address, carrier, carrierName }: DeliveryAnswers): {
  address?: string;
  carrier?: string;
} {
  if (delivery === "courier") return { address };
  if (delivery === "transport") return { carrier: carrier === OTHER_CARRIER ? carrierName : carrier };
  return {};
}

/**
 * The line under an order's total: whether the delivery is in it. A pickup has none to include;
 * an order kept before the delivery choice existed has no delivery at all.
 */
export function orderPriceNote(delivery: { label: string } | null | undefined): string {
  if (!delivery) return "Цены с учетом НДС, без доставки.";
  if (delivery.label === deliveryLabel("pickup")) return "Цены с учетом НДС, самовывоз.";
  return "Цены с учетом НДС, доставка включена.";
}
