/** The lead forms the site has, their titles and the schema each one is checked with (browser and server alike). */
import type { z } from "zod";
import { buySchema, callbackSchema, partsListSchema, serviceSchema } from "./lead-schemas";

export interface LeadData {
  name: string;
  phone: string;
  inn?: string;
  /** The КПП of the branch chosen among the ИНН's suggestions, to be confirmed by the register. */
  kpp?: string;
  comment?: string;
}

export type LeadFormName = "callback" | "price" | "leasing" | "buy" | "parts-list" | "service";

interface LeadFormSpec {
  title: string;
  submit: string;
  schema: z.ZodType<LeadData, z.ZodTypeDef, unknown>;
}

export const LEAD_FORMS: Record<LeadFormName, LeadFormSpec> = {
  callback: { title: "Заказать обратный звонок", submit: "Отправить", schema: callbackSchema },
  price: { title: "Узнать цену", submit: "Узнать цену", schema: callbackSchema },
  leasing: { title: "Рассчитать лизинг", submit: "Отправить заявку", schema: callbackSchema },
  // The spec's buy form only logs; ours sends a lead, so it says so.
  buy: { title: "Оставить заявку", submit: "Отправить заявку", schema: buySchema },
  "parts-list": { title: "Оставить заявку", submit: "Отправить заявку", schema: partsListSchema },
  service: { title: "Запись в сервис", submit: "Записаться", schema: serviceSchema },
};

export function isLeadFormName(value: unknown): value is LeadFormName {
  return typeof value === "string" && Object.prototype.hasOwnProperty.call(LEAD_FORMS, value);
}

/**
 * Where the parts-list upload's XHR posts (app/routes/api.lead-upload.ts): the parts-list action
 * answered JSON, so the form can show the upload's progress and its outcome in place.
 */
export const LEAD_UPLOAD_URL = "/api/lead-upload";

/** The hidden honeypot field: people never see it, naive bots fill it in. */
export const HONEYPOT_FIELD = "website";

export const RATE_LIMITED_MESSAGE = "Слишком много заявок подряд. Попробуйте через несколько минут или позвоните нам.";

/** What an action answers when a lead could not be sent or was refused. */
export interface LeadFormError {
  formError: string;
  values?: Record<string, string>;
}
