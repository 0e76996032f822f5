/**
 * The shape of the dealer's content and its checks. zod stays on the server and in the build:
 * the browser gets the content already checked (app/content/valid.ts runs this at build and start).
 */
import { z } from "zod";
import { telFromDisplay } from "./phone";
import { accountIsValid, correspondentAccountIsValid, innIsValid, ogrnIsValid } from "./requisites";

export const AVAILABILITY = ["В наличии", "В пути", "Под заказ"] as const;
export type Availability = (typeof AVAILABILITY)[number];

export const DESK_IDS = ["sales", "parts", "service"] as const;
export type DeskId = (typeof DESK_IDS)[number];

const text = z.string().trim().min(1, "не может быть пустым");
const digits = (lengths: number[], what: string) =>
  z
    .string()
    .regex(new RegExp(`^(${lengths.map((n) => `\\d{${n}}`).join("|")})$`), `${what}: ${lengths.join(" или ")} цифр`);
const CHECK_DIGITS = (what: string) => `${what}: контрольная цифра не сходится, проверьте цифры`;
const KEY_MISMATCH = (what: string) => `${what}: не сходится с БИК (контрольный ключ), проверьте цифры счёта и БИК`;
const money = z.number().int("целое число рублей").nonnegative("не может быть меньше 0");
/** A file of the site, by its path under public/. */
const siteFile = (message: string) => z.string().regex(/^\/[^\s/][^\s]*$/, message);
// The pages' security policy shows pictures from the site itself only.
const picture = siteFile(
  "путь к файлу в public/, например /images/trucks/…/1.webp (картинки с других сайтов страница не покажет: положите файл в public/)",
);

const phone = z
  .object({
    label: text,
    // With its country code (+7 or 8): a digit left out would dial another number, even another country's.
    display: z
      .string()
      .refine(
        (value) => /^[+\d\s()-]+$/.test(value) && /^[78]\d{10}$/.test(value.replace(/\D/g, "")),
        "номер телефона из 11 цифр с кодом страны, например +7 (391) 123-45-67 или 8 800 123-45-67",
      ),
    /** Dialling form; unset: taken from `display`. */
    tel: z
      .string()
      .regex(/^\+\d{11,15}$/, "номер для набора: + и цифры, например +73911234567")
      .optional(),
  })
  .strict()
  .refine(
    (phone) =>
      phone.tel === undefined ||
      !/^[78]\d{10}$/.test(phone.display.replace(/\D/g, "")) ||
      phone.tel === telFromDisplay(phone.display),
    {
      path: ["tel"],
      message: "номер для набора не сходится с показанным (display): уберите tel или исправьте цифры",
    },
  );

const desk = z
  .object({
    name: text,
    phones: z.array(phone).min(1, "нужен хотя бы один телефон"),
    email: z.string().email("e-mail, например sales@example.ru"),
    whatsapp: z
      .string()
      .regex(/^https:\/\/wa\.me\/\d{10,15}$/, "ссылка WhatsApp, например https://wa.me/79130000001")
      .optional(),
    telegram: z
      .string()
      .regex(/^https:\/\/t\.me\/[A-Za-z0-9_]{4,}$/, "ссылка Telegram, например https://t.me/dealer_sales")
      .optional(),
    workTime: text,
  })
  .strict();

const salesPoint = z
  .object({
    id: z.enum(["service", "sales"]),
    name: text,
    address: z.object({ region: text, district: text.optional(), locality: text, street: text }).strict(),
    coordinates: z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)]),
    workTime: text,
    desks: z.array(z.enum(DESK_IDS)).min(1, "назовите хотя бы один отдел (sales, parts, service)"),
  })
  .strict();

const stat = z.object({ value: text, label: text }).strict();

const truckOffer = z
  .object({
    /** 'цена от', roubles; unset: 'Цена по запросу'. */
    price: z.number().int("целое число рублей").positive("больше 0").optional(),
    availability: z.enum(AVAILABILITY, {
      errorMap: () => ({ message: `одно из: ${AVAILABILITY.join(", ")}` }),
    }),
    /** The first is the main picture, the rest the gallery's slides; unset: the model's drawings. */
    pictures: z.array(picture).min(1, "нужна хотя бы одна картинка").optional(),
  })
  .strict();

/** Keys naming a model or a vehicle type of the catalogue (app/data checks they name real ones). */
const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "латиницей в нижнем регистре, через дефис");

export const dealerContentSchema = z
  .object({
    dealer: z.object({ brand: text, name: text, city: text, inCity: text }).strict(),
    legal: z
      .object({
        name: text,
        inn: digits([10, 12], "ИНН").refine(innIsValid, CHECK_DIGITS("ИНН")),
        kpp: digits([9], "КПП").optional(),
        ogrn: digits([13, 15], "ОГРН").refine(ogrnIsValid, CHECK_DIGITS("ОГРН")),
        address: text,
        bank: z
          .object({
            name: text,
            // Every Russian bank's БИК starts with 04.
            bik: z.string().regex(/^04\d{7}$/, "БИК: 9 цифр, начинается с 04"),
            /** Расчётный счёт. */
            account: digits([20], "Расчётный счёт"),
            /** Корреспондентский счёт. */
            correspondentAccount: digits([20], "Корреспондентский счёт"),
          })
          .strict()
          // The control key ties each account to the БИК: one wrong digit in either is caught.
          .superRefine((bank, ctx) => {
            if (!/^\d{9}$/.test(bank.bik)) return;
            if (/^\d{20}$/.test(bank.account) && !accountIsValid(bank.account, bank.bik))
              ctx.addIssue({ code: "custom", path: ["account"], message: KEY_MISMATCH("Расчётный счёт") });
            if (
              /^\d{20}$/.test(bank.correspondentAccount) &&
              !correspondentAccountIsValid(bank.correspondentAccount, bank.bik)
            )
              ctx.addIssue({
                code: "custom",
                path: ["correspondentAccount"],
                message: KEY_MISMATCH("Корреспондентский счёт"),
              });
          }),
      })
      .strict()
      // A company (ИНН of 10 digits) has an ОГРН of 13 and a КПП; a sole trader (12) an ОГРНИП of 15 and no КПП.
      .superRefine((legal, ctx) => {
        const company = legal.inn.length === 10;
        if (legal.ogrn.length !== (company ? 13 : 15))
          ctx.addIssue({
            code: "custom",
            path: ["ogrn"],
            message: company
              ? "у организации (ИНН из 10 цифр) ОГРН из 13 цифр"
              : "у ИП (ИНН из 12 цифр) ОГРНИП из 15 цифр",
          });
        if (company && legal.kpp === undefined)
          ctx.addIssue({ code: "custom", path: ["kpp"], message: "у организации (ИНН из 10 цифр) нужен КПП" });
        if (!company && legal.kpp !== undefined)
          ctx.addIssue({ code: "custom", path: ["kpp"], message: "у ИП (ИНН из 12 цифр) нет КПП: уберите его" });
      }),
    invoice: z
      .object({
        /** The VAT rate the prices include. */
        vatPercent: z.number().int("целое число процентов").min(0).max(100),
        /** 'Счёт действителен N банковских дней'. */
        validBankDays: z.number().int("целое число дней").positive("больше 0"),
      })
      .strict(),
    desks: z.object({ sales: desk, parts: desk, service: desk }).strict(),
    /** The spec's order: the first is shown in the footer on /service, the second everywhere else. */
    salesPoints: z.tuple([salesPoint, salesPoint]),
    leasing: z
      .object({
        termYears: z.number().int().positive(),
        termMonths: z.number().int().positive(),
        minTermMonths: z.number().int().positive(),
        minAdvancePercent: z.number().min(0).max(100),
        maxAdvancePercent: z.number().min(0).max(100),
        amountFrom: money,
        amountTo: money,
        approvalDays: z.number().int().positive(),
        taxSavingPercent: z.number().min(0).max(100),
        /** The annual rate behind the calculator's estimate. */
        annualRatePercent: z.number().positive().max(100),
        partners: z.array(z.object({ name: text, logo: picture }).strict()).min(1, "нужен хотя бы один партнер"),
      })
      .strict()
      // The calculator's ranges: each lower bound at most its upper one.
      .superRefine((leasing, ctx) => {
        const ranges = [
          ["minTermMonths", leasing.minTermMonths, leasing.termYears * 12, "не больше срока termYears × 12"],
          ["minAdvancePercent", leasing.minAdvancePercent, leasing.maxAdvancePercent, "не больше maxAdvancePercent"],
          ["amountFrom", leasing.amountFrom, leasing.amountTo, "не больше amountTo"],
        ] as const;
        for (const [key, low, high, message] of ranges)
          if (low > high) ctx.addIssue({ code: "custom", path: [key], message });
      }),
    delivery: z
      .object({
        freeFrom: money,
        courierPrice: money,
        transportCompanyPrice: money,
        carriers: z
          .array(text.refine((name) => name !== "Другая", "'Другая' форма добавляет сама"))
          .min(1, "нужна хотя бы одна транспортная компания")
          .refine((names) => new Set(names).size === names.length, "названия повторяются"),
      })
      .strict(),
    certificate: siteFile("путь к файлу в public/, например /docs/dealer-certificate.pdf"),
    makerCredit: z.object({ name: text, href: z.string().url("ссылка, например https://example.com") }).strict(),
    home: z
      .object({
        /** The hero's 'Экономия до X ₽'. */
        heroSavings: money,
        stats: z
          .object({
            years: stat,
            serviceBays: stat,
            warehouse: stat,
            models: stat.extend({ value: z.string().regex(/^\d+$/, "число моделей цифрами") }),
          })
          .strict(),
      })
      .strict(),
    /** The leasing subsidy per vehicle type (a card's 'Экономия X ₽'); 0 hides the badge. */
    truckSavings: z.record(slug, money),
    trucks: z.record(slug, truckOffer),
  })
  .strict();

export type DealerContent = z.input<typeof dealerContentSchema>;
export type TruckOffer = z.input<typeof truckOffer>;

export class ContentError extends Error {}

/** Checks the content; the error names the first bad key and what is wrong with it. */
export function parseDealerContent(content: unknown): DealerContent {
  const result = dealerContentSchema.safeParse(content);
  if (result.success) return content as DealerContent;
  const issue = result.error.issues[0];
  const key = issue.path.join(".") || "(content)";
  let got: unknown = content;
  for (const part of issue.path) got = (got as Record<string | number, unknown> | undefined)?.[part];
  const shown = got === undefined ? "" : ` (got ${JSON.stringify(got)})`;
  throw new ContentError(`Invalid dealer content at ${key} in app/content/dealer.ts: ${issue.message}${shown}`);
}

/**
 * The content's pictures and documents that are files of the site (paths in public/), each with
 * its key, for the build to find them there: a path the schema takes may still name no file.
 */
export function localFiles(content: DealerContent): { key: string; path: string }[] {
  const files = [
    { key: "certificate", path: content.certificate },
    ...content.leasing.partners.map((partner, i) => ({ key: `leasing.partners.${i}.logo`, path: partner.logo })),
    ...Object.entries(content.trucks).flatMap(([slug, offer]) =>
      (offer.pictures ?? []).map((picture, i) => ({ key: `trucks.${slug}.pictures.${i}`, path: picture })),
    ),
  ];
  return files.filter((file) => file.path.startsWith("/"));
}

/** The local files the content names that `exists` cannot find, as the build reports them. */
export function missingFiles(content: DealerContent, exists: (publicPath: string) => boolean): string[] {
  return localFiles(content)
    .filter((file) => !exists(file.path))
    .map((file) => `${file.key}: нет файла public${file.path}`);
}
