/**
 * Validation shared by the browser and the server (spec §5). One schema per form, built from
 * the same field rules, so a message never differs between the two sides.
 */
import { z } from "zod";
import { innIsValid } from "~/content/requisites";
import { CARRIERS, OTHER_CARRIER, parseDelivery } from "./delivery";
import { canonicalPhone } from "./phone";

export const MESSAGES = {
  name: "Заполните ФИО",
  email: "Введите корректный email",
  phone: "Введите номер телефона",
  inn: "Длина ИНН должна быть 10 или 12 чисел",
  innCheck: "Проверьте ИНН: не сходится контрольная цифра",
  consent: "Необходимо согласие на обработку персональных данных",
  address: "Укажите адрес доставки",
  city: "Укажите город получения",
  carrier: "Выберите транспортную компанию",
  carrierName: "Укажите название транспортной компании",
  invoiceInn: "Укажите ИНН организации для счёта",
  invoiceCompany: "Укажите название организации для счёта",
  invoiceCompanyUnknown: "По этому ИНН организация не нашлась: укажите её название для счёта",
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The longest text a lead's comment or other free field takes. */
export const MAX_TEXT = 2000;

const text = (max = MAX_TEXT) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().max(max, `Не более ${max} символов`));

const nameField = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : ""),
  z.string().min(1, MESSAGES.name).max(200, "Не более 200 символов"),
);

/** 11 digits (spec §5) of a Russian number, kept in the mask's form whichever way it was written. */
const phoneField = z.preprocess(
  (v) => (typeof v === "string" ? (canonicalPhone(v) ?? v.trim()) : ""),
  z.string().refine((v) => canonicalPhone(v) !== null, MESSAGES.phone),
);

const emailField = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : ""),
  z
    .string()
    .max(200, MESSAGES.email)
    .refine((v) => v === "" || EMAIL_PATTERN.test(v), MESSAGES.email),
);

// Digits only, as the field keeps them with JavaScript: '2465 000000' or '2465-000000' typed without it is the same ИНН.
const innDigits = (v: unknown) => (typeof v === "string" ? v.replace(/\D/g, "") : "");
/** The ИНН's length (spec §5), then its control digits: a mistyped digit would name another company, or none. */
export function innMessage(digits: string): string | undefined {
  if (digits === "") return undefined;
  if (!/^(\d{10}|\d{12})$/.test(digits)) return MESSAGES.inn;
  return innIsValid(digits) ? undefined : MESSAGES.innCheck;
}
const innField = z.preprocess(
  innDigits,
  z.string().superRefine((v, ctx) => {
    const message = innMessage(v);
    if (message) ctx.addIssue({ code: "custom", message });
  }),
);

/**
 * The КПП of the branch the customer chose among the ИНН's suggestions (a hidden field of the form):
 * only a hint, checked with the register on the server; anything but 9 digits is no choice.
 */
const kppField = z.preprocess(
  (v) => (typeof v === "string" && /^\d{9}$/.test(v.trim()) ? v.trim() : undefined),
  z.string().optional(),
);

const consentField = z.preprocess(
  (v) => v === "on" || v === "true" || v === true,
  z.literal(true, { errorMap: () => ({ message: MESSAGES.consent }) }),
);

/** Callback, price request and leasing: call 2 of the spec. */
export const callbackSchema = z.object({
  name: nameField,
  phone: phoneField,
  inn: innField,
  kpp: kppField,
  comment: text(),
  source: text(500),
  consent: consentField,
});

/** The service booking on /service: the callback's fields, the vehicle and the wished date. */
export const serviceSchema = callbackSchema.extend({
  vehicle: text(200),
  date: text(40),
});

/** The truck page's buy form: name and phone, both required. */
export const buySchema = z.object({
  name: nameField,
  phone: phoneField,
  source: text(500),
  consent: consentField,
});

/** The parts-list form: text fields only; files are counted and capped separately. */
export const partsListSchema = z.object({
  name: nameField,
  phone: phoneField,
  comment: text(),
  consent: consentField,
});

/** The order's fields whose rules stand alone (spec §5). */
const orderFields = z.object({
  name: nameField,
  phone: phoneField,
  inn: innField,
  kpp: kppField,
  email: emailField,
  comment: text(),
  consent: consentField,
});

/**
 * Where the order goes and how it is paid: rules that depend on another field. A courier needs
 * the address; a transport company needs the company (a listed one, or 'Другая' and its name)
 * and the city; an invoice needs the company's ИНН, and its name where the form asks for it (the
 * site without DaData's register, which otherwise names the company from the ИНН). Kept in a part
 * of its own so these messages show beside the others (zod runs an object's refinement only when
 * its every field passed).
 */
const orderDelivery = z
  .object({
    delivery: z.preprocess(parseDelivery, z.enum(["pickup", "courier", "transport"])),
    city: text(200),
    address: text(500),
    carrier: text(100),
    carrierName: text(200),
    invoice: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
    // Read as the order's own field reads it: the two parts must agree on its value, or zod refuses
    // the whole form ('2465 000000' typed without JavaScript).
    inn: z.preprocess(innDigits, z.string()),
    // Absent from a form that does not ask for it.
    companyName: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() : undefined),
      z.string().max(200, "Не более 200 символов").optional(),
    ),
  })
  .superRefine((order, ctx) => {
    const require = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (order.delivery === "courier" && order.address === "") require("address", MESSAGES.address);
    if (order.delivery === "transport") {
      if (order.carrier !== OTHER_CARRIER && !CARRIERS.includes(order.carrier)) require("carrier", MESSAGES.carrier);
      if (order.carrier === OTHER_CARRIER && order.carrierName === "") require("carrierName", MESSAGES.carrierName);
      if (order.city === "") require("city", MESSAGES.city);
    }
    if (order.invoice && order.inn === "") require("inn", MESSAGES.invoiceInn);
    if (order.invoice && order.companyName === "") require("companyName", MESSAGES.invoiceCompany);
  });

export const orderSchema = z.intersection(orderFields, orderDelivery);

export type CallbackLead = z.infer<typeof callbackSchema>;
export type BuyLead = z.infer<typeof buySchema>;
export type PartsListLead = z.infer<typeof partsListSchema>;
export type OrderForm = z.infer<typeof orderSchema>;

/** Upload limits (spec §9 and the lead-forms issue). */
export const UPLOAD_MAX_TOTAL_BYTES = 10_485_760;
export const UPLOAD_MAX_FILES = 10;
export const UPLOAD_TOO_BIG_ALERT = "Некоторые файлы не будут загружены, так как суммарный объем больше 10МБ";
export const FORM_ERROR = "Произошла ошибка при отправке формы, попробуйте позже";
export const ORDER_ERROR = "Произошла ошибка при оформлении заказа, попробуйте позже";
/** An order whose parts' prices or stock changed after the customer saw it: shown again, not taken. */
export const ORDER_CHANGED =
  "Цены или наличие товаров изменились, пока оформлялся заказ. Проверьте заказ и нажмите «Оформить заказ» ещё раз.";

/**
 * Which of the chosen files fit under the total cap, in order; the rest are skipped (spec §5).
 */
export function fitFiles<T extends { size: number }>(
  current: T[],
  added: T[],
  maxBytes = UPLOAD_MAX_TOTAL_BYTES,
  maxFiles = UPLOAD_MAX_FILES,
): { kept: T[]; skipped: T[] } {
  const kept = [...current];
  const skipped: T[] = [];
  let total = current.reduce((sum, f) => sum + f.size, 0);
  for (const file of added) {
    if (total + file.size > maxBytes || kept.length >= maxFiles) {
      skipped.push(file);
      continue;
    }
    kept.push(file);
    total += file.size;
  }
  return { kept, skipped };
}
