/**
 * The site's frame: the main menu, the footer's sales point, the maps. The dealer's facts (phones,
 * addresses, requisites) live in app/content.
 */
import { SALES_POINTS, type Location } from "~/content";

export type { Location, Phone } from "~/content";

export function footerSalesPoint(pathname: string): Location {
  return pathname === "/service" || pathname.startsWith("/service/") ? SALES_POINTS[0] : SALES_POINTS[1];
}

export interface NavItem {
  name: string;
  link: `/${string}`;
  children?: NavItem[];
}

export const MAIN_NAV: NavItem[] = [
  { name: "Техника", link: "/catalog/trucks" },
  {
    name: "Запчасти",
    link: "/catalog/parts",
    children: [
      { name: "Каталог", link: "/catalog/parts" },
      { name: "Оплата и доставка", link: "/delivery" },
    ],
  },
  { name: "Сервис", link: "/service" },
  { name: "Лизинг", link: "/leasing" },
  { name: "Контакты", link: "/contacts" },
];

/** Every map of the site is centred on its sales point at this zoom (spec §2, §9). */
export const MAP_ZOOM = 18;

/** The sales point on yandex.ru/maps, in a new tab: the map's link and its fallback. */
export function yandexMapsLink([lat, lon]: [number, number]): string {
  return `https://yandex.ru/maps/?pt=${lon},${lat}&z=${MAP_ZOOM}&l=map`;
}

/**
 * Yandex's embeddable map (no key needed): centred on the point with a red placemark. Yandex
 * takes longitude first.
 */
export function yandexMapWidgetUrl([lat, lon]: [number, number]): string {
  return `https://yandex.ru/map-widget/v1/?ll=${lon},${lat}&z=${MAP_ZOOM}&pt=${lon},${lat},pm2rdm`;
}
