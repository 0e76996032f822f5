/**
 * Typed accessors of the dealer's content (app/content/dealer.ts): what components, routes, meta
 * and scripts read. Plain data, no zod: the browser bundle stays small; app/content/valid.ts
 * checks the same content at build, start and in the tests.
 */
import { DEALER_CONTENT } from "./dealer";
import { unwrapDemo, type DemoEntry } from "./demo";
import { telFromDisplay } from "./phone";
import type { Availability, DeskId, TruckOffer } from "./schema";

export type { Availability, DeskId, TruckOffer };

const unwrapped = unwrapDemo(DEALER_CONTENT);
/** The content as written, demo markers taken off. */
export const CONTENT = unwrapped.content;
/** Every value still marked demo( ), by key. */
export const DEMO_ENTRIES: readonly DemoEntry[] = unwrapped.demo;

export interface Phone {
  label: string;
  display: string;
  /** Dialling form for tel: links, '+' and digits. */
  tel: string;
}

export interface Messenger {
  kind: "whatsapp" | "telegram";
  name: "WhatsApp" | "Telegram";
  href: string;
}

export interface Desk {
  id: DeskId;
  name: string;
  phones: Phone[];
  email: string;
  /** WhatsApp and Telegram, those the dealer set, in that order. */
  messengers: Messenger[];
  workTime: string;
}

export interface Location {
  id: "service" | "sales";
  name: string;
  /** One line: region, district, locality, street. */
  address: string;
  locality: string;
  region: string;
  /** [latitude, longitude] */
  coordinates: [number, number];
  workTime: string;
  phones: Phone[];
  email: string;
}

export { telFromDisplay } from "./phone";

export const DEALER = CONTENT.dealer;
export const LEGAL = CONTENT.legal;
export const INVOICE_TERMS = CONTENT.invoice;

function toDesk(id: DeskId): Desk {
  const desk = CONTENT.desks[id];
  const messengers: Messenger[] = [];
  if (desk.whatsapp) messengers.push({ kind: "whatsapp", name: "WhatsApp", href: desk.whatsapp });
  if (desk.telegram) messengers.push({ kind: "telegram", name: "Telegram", href: desk.telegram });
  return {
    id,
    name: desk.name,
    phones: desk.phones.map((phone) => ({ ...phone, tel: phone.tel ?? telFromDisplay(phone.display) })),
    email: desk.email,
    messengers,
    workTime: desk.workTime,
  };
}

export const DESKS: Readonly<Record<DeskId, Desk>> = {
  sales: toDesk("sales"),
  parts: toDesk("parts"),
  service: toDesk("service"),
};

/** A desk's first phone: the one a call button dials. */
export function deskPhone(id: DeskId): Phone {
  return DESKS[id].phones[0];
}

function toLocation(point: (typeof CONTENT.salesPoints)[number]): Location {
  const { region, district, locality, street } = point.address;
  const desks = point.desks.map((id) => DESKS[id]);
  return {
    id: point.id,
    name: point.name,
    address: [region, district, locality, street].filter(Boolean).join(", "),
    locality,
    region,
    coordinates: point.coordinates,
    workTime: point.workTime,
    phones: desks.flatMap((desk) => desk.phones),
    email: desks[0].email,
  };
}

/** Spec §2's two sales points: the first is the footer's on /service, the second everywhere else. */
export const SALES_POINTS: [Location, Location] = [
  toLocation(CONTENT.salesPoints[0]),
  toLocation(CONTENT.salesPoints[1]),
];

export const LEASING = CONTENT.leasing;
export const LEASING_PARTNERS = CONTENT.leasing.partners;
export const DELIVERY = CONTENT.delivery;
export const CERTIFICATE_HREF = CONTENT.certificate;
export const MAKER_CREDIT = CONTENT.makerCredit;
export const HERO_SAVINGS = CONTENT.home.heroSavings;
/** The four statistics in the spec's order. */
export const STATS = [
  CONTENT.home.stats.years,
  CONTENT.home.stats.serviceBays,
  CONTENT.home.stats.warehouse,
  CONTENT.home.stats.models,
];
/** The statistics by name, for the pages that quote one (the service bays on /service). */
export const STATS_BY_KEY = CONTENT.home.stats;
/** The leasing subsidy of a vehicle type ('Экономия X ₽'); 0: no badge. */
export const TRUCK_SAVINGS: Readonly<Record<string, number>> = CONTENT.truckSavings;

/** The dealer's offer of a model by its slug: 'цена от', availability, pictures (unset: the model's drawings). */
export function truckOffer(slug: string): TruckOffer | undefined {
  return Object.prototype.hasOwnProperty.call(CONTENT.trucks, slug) ? CONTENT.trucks[slug] : undefined;
}
