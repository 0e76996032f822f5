/**
 * The dealer's own facts in one place: brand, phones, e-mail and the two sales points.
 * Real values replace these placeholders here and nowhere else.
 */
export interface Phone {
  label: string;
  display: string;
  /** Dialling form for tel: links, digits with a leading + */
  tel: string;
}

export interface Location {
  id: "service" | "sales";
  name: string;
  address: string;
  /** [latitude, longitude] */
  coordinates: [number, number];
  workTime: string;
  phones: Phone[];
}

export const SITE = {
  brand: "FAW",
  name: "FAW Солонцы",
  legalName: "ООО «Сибирь Трак Сервис»",
  inn: "2465000000",
  ogrn: "1122468000000",
  legalAddress: "663020, Красноярский край, Емельяновский район, п. Солонцы, ул. Заводская, 1",
  email: "sales@faw-solontsy.ru",
  phone: { label: "Отдел продаж", display: "+7 (391) 200-00-01", tel: "+73912000001" } satisfies Phone,
  makerCredit: { name: "Сделано в Красноярске", href: "https://example.ru" },
  certificateHref: "/docs/dealer-certificate.pdf",
  workTime: "Пн–Пт 9:00–18:00",
  /**
   * The annual rate behind the leasing calculator's estimate (an annuity, app/lib/leasing.ts).
   * An approximation for visitors: the leasing companies quote the real rate.
   */
  leasingAnnualRatePercent: 20,
} as const;

/**
 * The spec's order: the first point is shown in the footer on /service, the second everywhere else.
 */
export const SALES_POINTS: [Location, Location] = [
  {
    id: "service",
    name: "Сервисный центр",
    address: "Красноярский край, Емельяновский район, п. Солонцы, ул. Заводская, 3",
    coordinates: [56.06873, 92.83164],
    workTime: "Пн–Пт 9:00–18:00",
    phones: [
      { label: "Сервис", display: "+7 (391) 200-00-02", tel: "+73912000002" },
      { label: "Запись на ТО", display: "+7 (391) 200-00-03", tel: "+73912000003" },
    ],
  },
  {
    id: "sales",
    name: "Продажа техники и запчастей",
    address: "Красноярский край, Емельяновский район, п. Солонцы, ул. Заводская, 1",
    coordinates: [56.07054, 92.82919],
    workTime: "Пн–Пт 9:00–18:00",
    phones: [
      { label: "Отдел продаж техники", display: "+7 (391) 200-00-01", tel: "+73912000001" },
      { label: "Отдел запчастей", display: "+7 (391) 200-00-04", tel: "+73912000004" },
    ],
  },
];

export function footerSalesPoint(pathname: string): Location {
  return pathname === "/service" || pathname.startsWith("/service/") ? SALES_POINTS[0] : SALES_POINTS[1];
}

export interface NavItem {
  name: string;
  link: string;
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
