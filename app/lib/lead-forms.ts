/** The lead forms the site has, their titles and the validator each one uses (browser and server alike). */
import { withZod } from "@remix-validated-form/with-zod";
import type { Validator } from "remix-validated-form";
import { buySchema, callbackSchema, orderSchema, partsListSchema } from "./lead-schemas";

export interface LeadData {
  name: string;
  phone: string;
  inn?: string;
  comment?: string;
}

interface LeadFormSpec {
  title: string;
  submit: string;
  validator: Validator<LeadData>;
}

const callbackValidator = withZod(callbackSchema);

/** The order form on /make-order. */
export const orderValidator = withZod(orderSchema);

export type LeadFormName = "callback" | "price" | "leasing" | "buy" | "parts-list";

export const LEAD_FORMS: Record<LeadFormName, LeadFormSpec> = {
  callback: { title: "Заказать обратный звонок", submit: "Отправить", validator: callbackValidator },
  price: { title: "Узнать цену", submit: "Узнать цену", validator: callbackValidator },
  leasing: { title: "Рассчитать лизинг", submit: "Отправить заявку", validator: callbackValidator },
  // The spec's buy form only logs; ours sends a lead, so it says so.
  buy: { title: "Оставить заявку", submit: "Отправить заявку", validator: withZod(buySchema) },
  "parts-list": { title: "Оставить заявку", submit: "Отправить заявку", validator: withZod(partsListSchema) },
};

export function isLeadFormName(value: unknown): value is LeadFormName {
  return typeof value === "string" && Object.prototype.hasOwnProperty.call(LEAD_FORMS, value);
}

/**
 * The lead route's action as a Remix data request (what a fetcher posts to): the action's own
 * answer rather than the page rendered around it. The parts-list upload's XHR posts here, asking
 * for JSON, to show its progress.
 */
export function leadDataUrl(form: LeadFormName): string {
  return `/lead/${form}?_data=${encodeURIComponent("routes/lead.$form")}`;
}

/** The hidden honeypot field: people never see it, naive bots fill it in. */
export const HONEYPOT_FIELD = "website";

export const RATE_LIMITED_MESSAGE = "Слишком много заявок подряд. Попробуйте через несколько минут или позвоните нам.";

/** What an action answers when a lead could not be sent or was refused. */
export interface LeadFormError {
  formError: string;
  values?: Record<string, string>;
}
