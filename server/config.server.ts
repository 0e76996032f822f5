import { constants as bufferConstants } from "node:buffer";
import net from "node:net";
import path from "node:path";
import { z } from "zod";

// Empty values are dropped before parsing (see parseConfig), so optional means unset.
const httpUrl = z
  .string()
  .trim()
  .url("должен быть URL, например https://api.example.ru")
  .refine((v) => /^https?:\/\//i.test(v), "должен начинаться с https:// (или http://)")
  .transform((v) => v.replace(/\/+$/, ""));
const optionalUrl = httpUrl.optional();

const optionalText = z.string().trim().min(1).optional();

const int = (def: number, min: number, max: number) =>
  z.coerce
    .number({ invalid_type_error: "должно быть целым числом" })
    .int("должно быть целым числом")
    .min(min, `должно быть не меньше ${min}`)
    .max(max, `должно быть не больше ${max}`)
    .default(def);

/** Express's names for address ranges in `trust proxy`. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split("/");
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // A prefix length, or a netmask written as an address (10.0.0.0/255.0.0.0).
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (family === 4 ? 32 : 128);
  return net.isIP(prefix) === family;
}

/**
 * `trust proxy` as Express takes it: a number of hops, or the proxies' addresses, CIDRs and range
 * names. Unset: nobody is trusted and the client address is the TCP peer. `true` (trust any
 * sender's X-Forwarded-For) is refused: it lets every visitor choose their own address.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    if (value === undefined || value === "false") return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(",")
      .map((v) => v.trim())
      .filter(Boolean);
    const bad = entries.find((entry) => !isProxyAddress(entry));
    if (entries.length === 0 || bad !== undefined) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `должно быть числом прокси перед сервером или их адресами через запятую, например loopback или 10.0.0.0/8${bad ? ` (не адрес: ${bad})` : ""}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** 256 MB: about 600 000 parts of the demo's shape (≈ 430 bytes of JSON each). */
const DEFAULT_PARTS_MAX_BYTES = 256 * 1024 * 1024;

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  // 0 asks the system for a free port (tests, benchmarks).
  PORT: int(3000, 0, 65535),
  HOST: optionalText,
  SITE_URL: z
    .string()
    .trim()
    .url("должен быть URL, например https://faw-solontsy.ru")
    .default("http://localhost:3000")
    .transform((v) => v.replace(/\/+$/, "")),
  PARTS_API_URL: optionalUrl,
  // Hosts the parts API's pictures come from ('https://cdn.example https://img.example'): the pages'
  // security policy shows pictures from the site itself and from these only.
  PARTS_IMAGE_ORIGINS: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      const origins: string[] = [];
      for (const item of (v ?? "").split(/[\s,]+/).filter(Boolean)) {
        let origin: string | undefined;
        try {
          const url = new URL(item);
          if (url.protocol === "https:" && url.origin === item.replace(/\/+$/, "")) origin = url.origin;
        } catch {
          origin = undefined;
        }
        if (!origin) {
          ctx.addIssue({
            code: "custom",
            message: `адреса хостов через пробел, например https://cdn.example.ru (не ${item})`,
          });
          return z.NEVER;
        }
        origins.push(origin);
      }
      return origins;
    }),
  PARTS_CACHE_TTL_SECONDS: int(300, 0, 86400),
  PARTS_TIMEOUT_MS: int(10000, 100, 120000),
  // The body is decoded into one string before parsing: V8's longest string is the ceiling.
  PARTS_MAX_BYTES: int(DEFAULT_PARTS_MAX_BYTES, 1024, bufferConstants.MAX_STRING_LENGTH),
  // The service's address: the site adds /v1/notify itself.
  NOTIFY_API_URL: httpUrl
    .refine(
      (v) => !/\/v1\/notify$/i.test(v),
      "без /v1/notify в конце: сайт добавляет его сам, например https://notify.example.ru",
    )
    .optional(),
  NOTIFY_API_KEY: optionalText,
  NOTIFY_API_KEY_HEADER: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]+$/, "должно быть именем HTTP-заголовка, например X-Api-Key")
    .default("X-Api-Key"),
  NOTIFY_PARTS_LIST_NAME: z.string().trim().min(1, "не может быть пустым").default("parts-list"),
  NOTIFY_TIMEOUT_MS: int(10000, 100, 120000),
  // First retry of an undelivered lead; each next one waits twice as long, at most an hour.
  NOTIFY_RETRY_BASE_SECONDS: int(60, 1, 3600),
  // The customer's order confirmation: smtp://user:pass@host:587 or smtps://…:465. Unset: no e-mail.
  SMTP_URL: z
    .string()
    .trim()
    .url("должен быть URL, например smtps://user:password@smtp.example.ru:465")
    .refine((v) => /^smtps?:\/\//.test(v), "должен начинаться с smtp:// или smtps://")
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(
      /^[^@<>]*<?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/,
      "должен быть адресом, например FAW Солонцы <parts@example.ru>",
    )
    .optional(),
  TRUST_PROXY: trustProxy,
  // Lead and order posts per client address per 10 minutes; 0 turns the limit off.
  LEAD_RATE_LIMIT: int(10, 0, 1_000_000),
  // Order look-ups at /order-status per client address per minute; 0 turns the limit off.
  ORDER_STATUS_RATE_LIMIT: int(10, 0, 1_000_000),
  METRICS_TOKEN: optionalText,
  DATA_DIR: z.string().trim().min(1, "не может быть пустым").default("./data"),
  // The store of leads, orders and mail: unset, one SQLite file under DATA_DIR; postgres://… for
  // PostgreSQL, shared by every server behind a load balancer (docs/decisions/017).
  DATABASE_URL: z
    .string()
    .trim()
    .url("должен быть URL, например postgres://faw:password@db.example.ru:5432/faw")
    .refine((v) => /^postgres(ql)?:\/\//.test(v), "должен начинаться с postgres:// или postgresql://")
    .optional(),
  // Signs the site's cookies (the last order, the order key); unset, one is made once and kept in
  // the store, the same for every server on it.
  SESSION_SECRET: z.string().min(32, "должен быть не короче 32 символов (например, openssl rand -hex 32)").optional(),
  // Days a delivered lead is kept after delivery, and an order (with its invoice) after it was placed.
  LEAD_RETENTION_DAYS: int(365, 0, 36500),
  ORDER_RETENTION_DAYS: int(1825, 0, 36500),
  YANDEX_MAPS_API_KEY: optionalText,
  YANDEX_METRICA_ID: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,11}$/, "должен быть номером счетчика Метрики, например 98765432")
    .optional(),
  DEMO_PARTS_COUNT: int(360, 1, 200000),
  // DaData's party register: companies by ИНН in the forms and in leads. Unset key: no lookups.
  DADATA_API_KEY: optionalText,
  DADATA_API_URL: z
    .string()
    .trim()
    .url("должен быть URL, например https://suggestions.dadata.ru")
    .default("https://suggestions.dadata.ru")
    .transform((v) => v.replace(/\/+$/, "")),
  // Company suggestions per client address per minute; 0 turns the limit off.
  COMPANY_SUGGEST_RATE_LIMIT: int(60, 0, 1_000_000),
  // 1C's exchange at /1c-exchange (CommerceML 2): the user and password entered in 1C's 'Обмен с
  // сайтом'. Unset, the exchange is off and the address answers as any unknown one.
  ONEC_EXCHANGE_USER: z.string().trim().min(1).max(200).optional(),
  ONEC_EXCHANGE_PASSWORD: z.string().min(1).max(200).optional(),
  // The 1C price type the site sells at ('Розничная'); unset, the offers' only or first one.
  ONEC_PRICE_TYPE: optionalText,
  // The orders 1C downloads: UTF-8 with a BOM, or windows-1251 for the configurations that read only that.
  ONEC_ORDERS_ENCODING: z
    .enum(["utf-8", "windows-1251"], { message: "должно быть utf-8 или windows-1251" })
    .default("utf-8"),
});

export type Config = z.infer<typeof envSchema> & { dataDir: string };

/** A variable `npm start` refuses: `variable` names it, the message says what is wrong. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid environment variable ${variable}: ${problem}`);
  }
}

/** Variables that may hold a password or a key: a bad one is not repeated into the logs. */
const SECRET_VARIABLES = new Set(["SMTP_URL", "DATABASE_URL", "SESSION_SECRET"]);

/** Parse the environment; the error names the first bad variable and what is wrong with it. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // An empty variable counts as unset, as ops expect from `FOO=` in an env file.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue.path[0] ?? "environment");
    const got = SECRET_VARIABLES.has(name) ? "value not shown" : `got ${JSON.stringify(cleaned[name] ?? "")}`;
    throw new ConfigError(name, `${issue.message} (${got})`);
  }
  if (result.data.NOTIFY_API_URL && !result.data.NOTIFY_API_KEY) {
    throw new ConfigError("NOTIFY_API_KEY", "required when NOTIFY_API_URL is set");
  }
  if (!result.data.ONEC_EXCHANGE_USER !== !result.data.ONEC_EXCHANGE_PASSWORD) {
    const missing = result.data.ONEC_EXCHANGE_USER ? "ONEC_EXCHANGE_PASSWORD" : "ONEC_EXCHANGE_USER";
    throw new ConfigError(missing, "required with the other of ONEC_EXCHANGE_USER and ONEC_EXCHANGE_PASSWORD");
  }
  if (result.data.SMTP_URL && !result.data.MAIL_FROM) {
    throw new ConfigError("MAIL_FROM", "required when SMTP_URL is set");
  }
  return { ...result.data, dataDir: path.resolve(result.data.DATA_DIR) };
}

let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** For tests: forget the parsed environment. */
