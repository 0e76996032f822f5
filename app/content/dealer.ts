/**
 * The dealer's own facts, each written once: every page, meta tag, JSON-LD block and script reads
 * them from here (through app/content/index.ts).
 *
 * Values wrapped in demo( ) are placeholders of the demo site. Replace the value, remove the
 * demo( ) around it, and run `npm run go-live`: it lists what is still demo. `npm run build`
 * checks this file and names the key of anything invalid.
 */
import { demo } from "./demo";
import type { DealerContent } from "./schema";

/** The spec's work hours (§9). */
const WEEKDAYS = "Пн–Пт 9:00–18:00";

export const DEALER_CONTENT: DealerContent = {
  dealer: {
    brand: "FAW",
    name: "FAW Солонцы",
    city: "Красноярск",
    /** The city as in 'Официальный дилер FAW в Красноярске'. */
    inCity: "в Красноярске",
  },

  legal: {
    name: demo("ООО «Демо Трак Сервис»"),
    inn: demo("2465000007"),
    kpp: demo("246501001"),
    ogrn: demo("1122468000005"),
    address: demo("663020, Красноярский край, Емельяновский район, п. Солонцы, ул. Заводская, 1"),
    /** The account an invoice asks the buyer to pay to. */
    bank: {
      name: demo("АО «Демо Банк», г. Красноярск"),
      bik: demo("040400000"),
      account: demo("40702810600000000000"),
      correspondentAccount: demo("30101810800000000000"),
    },
  },

  /** The invoice an order for a company comes with: prices include VAT (22 % since 2026-01-01). */
  invoice: { vatPercent: 22, validBankDays: 5 },

  /** Who answers: the phones (`tel` is taken from `display` unless given), e-mail, messengers, hours. */
  desks: {
    sales: {
      name: "Отдел продаж техники",
      phones: [demo({ label: "Отдел продаж техники", display: "+7 (391) 200-00-01" })],
      email: demo("sales@faw-solontsy.ru"),
      whatsapp: demo("https://wa.me/79130000001"),
      telegram: demo("https://t.me/faw_solontsy_demo"),
      workTime: WEEKDAYS,
    },
    parts: {
      name: "Отдел запчастей",
      phones: [demo({ label: "Отдел запчастей", display: "+7 (391) 200-00-04" })],
      email: demo("parts@faw-solontsy.ru"),
      whatsapp: demo("https://wa.me/79130000004"),
      workTime: WEEKDAYS,
    },
    service: {
      name: "Сервисный центр",
      phones: [
        demo({ label: "Сервис", display: "+7 (391) 200-00-02" }),
        demo({ label: "Запись на ТО", display: "+7 (391) 200-00-03" }),
      ],
      email: demo("service@faw-solontsy.ru"),
      workTime: WEEKDAYS,
    },
  },

  /** The spec's order: the first is shown in the footer on /service, the second on every other page. */
  salesPoints: [
    {
      id: "service",
      name: "Сервисный центр",
      address: demo({
        region: "Красноярский край",
        district: "Емельяновский район",
        locality: "п. Солонцы",
        street: "ул. Заводская, 3",
      }),
      coordinates: demo([56.06873, 92.83164]),
      workTime: WEEKDAYS,
      desks: ["service"],
    },
    {
      id: "sales",
      name: "Продажа техники и запчастей",
      address: demo({
        region: "Красноярский край",
        district: "Емельяновский район",
        locality: "п. Солонцы",
        street: "ул. Заводская, 1",
      }),
      coordinates: demo([56.07054, 92.82919]),
      workTime: WEEKDAYS,
      desks: ["sales", "parts"],
    },
  ],

  /** Spec §9's leasing terms, and the rate behind the calculator's estimate (the lessors quote the real one). */
  leasing: {
    termYears: 5,
    termMonths: 59,
    minTermMonths: 12,
    minAdvancePercent: 5,
    maxAdvancePercent: 49,
    amountFrom: 1_000_000,
    amountTo: 50_000_000,
    approvalDays: 1,
    taxSavingPercent: 45,
    annualRatePercent: demo(20),
    partners: [
      demo({ name: "Лизинг-партнёр 1", logo: "/images/partners/partner-1.svg" }),
      demo({ name: "Лизинг-партнёр 2", logo: "/images/partners/partner-2.svg" }),
      demo({ name: "Лизинг-партнёр 3", logo: "/images/partners/partner-3.svg" }),
      demo({ name: "Лизинг-партнёр 4", logo: "/images/partners/partner-4.svg" }),
      demo({ name: "Лизинг-партнёр 5", logo: "/images/partners/partner-5.svg" }),
      demo({ name: "Лизинг-партнёр 6", logo: "/images/partners/partner-6.svg" }),
    ],
  },

  /**
   * Spec §9: courier and transport company 300 ₽ each, free from 5 000 ₽. `carriers`: the transport
   * companies an order can go to (the form adds 'Другая' with a name to type).
   */
  delivery: {
    freeFrom: 5000,
    courierPrice: 300,
    transportCompanyPrice: 300,
    carriers: ["Деловые Линии", "ПЭК", "СДЭК", "Байкал Сервис", "КИТ"],
  },

  /** The dealer certificate the footer links to (a PDF under public/). */
  certificate: demo("/docs/dealer-certificate.pdf"),
  makerCredit: demo({ name: "Сделано в Красноярске", href: "https://example.ru" }),

  home: {
    /** The hero's 'Экономия до X ₽' (spec §9: 400 000). */
    heroSavings: 400_000,
    /** Spec §1 and §9. */
    stats: {
      years: { value: "5+", label: "лет на рынке" },
      serviceBays: { value: "8", label: "машин одновременно в сервисном центре" },
      warehouse: { value: "1 500 м²", label: "склад запчастей" },
      models: { value: "15", label: "моделей в наличии" },
    },
  },

  /** The leasing subsidy per vehicle type, a card's 'Экономия X ₽' (spec §9); 0 shows no badge. */
  truckSavings: { tyagach: 800_000, spectehnika: 0, samosval: 600_000 },

  /**
   * The dealer's offer per model of the catalogue (app/data/trucks.ts, by its slug): 'цена от' in roubles
   * (unset: 'Цена по запросу'), availability, and `pictures` (main first; unset: the model's drawings).
   */
  trucks: {
    "faw-j7-6x4-460": demo({ price: 13_900_000, availability: "В наличии" }),
    "faw-j7-4x2-460": demo({ price: 11_500_000, availability: "В наличии" }),
    "faw-j6p-6x4-420": demo({ price: 10_900_000, availability: "В пути" }),
    "faw-j6p-4x2-420": demo({ price: 9_400_000, availability: "В наличии" }),
    "faw-j6p-6x4-lng": demo({ availability: "Под заказ" }),
    "faw-j6l-4x2-350": demo({ price: 7_900_000, availability: "В наличии" }),
    "faw-j7-6x4-550": demo({ availability: "Под заказ" }),
    "avtobetonosmesitel-j6p-6x4": demo({ price: 12_300_000, availability: "В наличии" }),
    "avtobetononasos-j6p-37m": demo({ availability: "Под заказ" }),
    "kran-manipulyator-j6p-6x4": demo({ price: 14_600_000, availability: "В пути" }),
    "multilift-j6p-6x4-20t": demo({ availability: "Под заказ" }),
    "multilift-j6p-8x4-30t": demo({ availability: "Под заказ" }),
    "lesovoz-j6p-6x6": demo({ price: 13_200_000, availability: "В пути" }),
    "samosval-j6p-6x4": demo({ price: 9_800_000, availability: "В наличии" }),
    "samosval-j6p-8x4": demo({ price: 11_900_000, availability: "В наличии" }),
    "samosval-j6p-6x6": demo({ availability: "Под заказ" }),
  },
};
