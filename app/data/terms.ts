/** Commercial terms from spec §9, in one place for the pages that quote them. */
export const DELIVERY = {
  freeFrom: 5000,
  courierPrice: 300,
  transportCompanyPrice: 300,
} as const;

export const LEASING = {
  termYears: 5,
  /** The calculator's longest term: the spec's 5 years. */
  maxTermMonths: 60,
  /** The spec's own wording on the home page and the leasing page's intro ('до 59 месяцев'). */
  termMonths: 59,
  minTermMonths: 12,
  minAdvancePercent: 5,
  maxAdvancePercent: 49,
  amountFrom: 1_000_000,
  amountTo: 50_000_000,
  approvalDays: 1,
  taxSavingPercent: 45,
} as const;

/** Leasing partners shown in the ticker; placeholders until the dealer names real ones. */
export const LEASING_PARTNERS = [
  { name: "Лизинг-партнёр 1", logo: "/images/partners/partner-1.svg" },
  { name: "Лизинг-партнёр 2", logo: "/images/partners/partner-2.svg" },
  { name: "Лизинг-партнёр 3", logo: "/images/partners/partner-3.svg" },
  { name: "Лизинг-партнёр 4", logo: "/images/partners/partner-4.svg" },
  { name: "Лизинг-партнёр 5", logo: "/images/partners/partner-5.svg" },
  { name: "Лизинг-партнёр 6", logo: "/images/partners/partner-6.svg" },
] as const;

export const STATS = [
  { value: "5+", label: "лет на рынке" },
  { value: "8", label: "машин одновременно в сервисном центре" },
  { value: "1 500 м²", label: "склад запчастей" },
  { value: "15", label: "моделей в наличии" },
] as const;
