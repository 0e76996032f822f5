import { constants as bufferConstants } from "node:buffer";
import path from "node:path";
import { z } from "zod";

// Empty values are dropped before parsing (see parseConfig), so optional means unset.
const optionalUrl = z
  .string()
  .trim()
  .url("должен быть URL, например https://api.example.ru")
  .transform((v) => v.replace(/\/+$/, ""))
  .optional();

const optionalText = z.string().trim().min(1).optional();

const int = (def: number, min: number, max: number) =>
  z.coerce
    .number({ invalid_type_error: "должно быть целым числом" })
    .int("должно быть целым числом")
    .min(min, `должно быть не меньше ${min}`)
    .max(max, `должно быть не больше ${max}`)
    .default(def);

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
  PARTS_CACHE_TTL_SECONDS: int(300, 0, 86400),
  PARTS_TIMEOUT_MS: int(10000, 100, 120000),
  // The body is decoded into one string before parsing: V8's longest string is the ceiling.
  PARTS_MAX_BYTES: int(DEFAULT_PARTS_MAX_BYTES, 1024, bufferConstants.MAX_STRING_LENGTH),
  NOTIFY_API_URL: optionalUrl,
  NOTIFY_API_KEY: optionalText,
  NOTIFY_API_KEY_HEADER: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]+$/, "должно быть именем HTTP-заголовка, например X-Api-Key")
    .default("X-Api-Key"),
  NOTIFY_PARTS_LIST_NAME: z.string().trim().min(1, "не может быть пустым").default("parts-list"),
  NOTIFY_TIMEOUT_MS: int(10000, 100, 120000),
  DATA_DIR: z.string().trim().min(1, "не может быть пустым").default("./data"),
  YANDEX_MAPS_API_KEY: optionalText,
  DEMO_PARTS_COUNT: int(360, 1, 200000),
});

export type Config = z.infer<typeof envSchema> & { dataDir: string };

export class ConfigError extends Error {}

/** Parse the environment; the error names the first bad variable and what is wrong with it. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // An empty variable counts as unset, as ops expect from `FOO=` in an env file.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue.path[0] ?? "environment");
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message} (got ${JSON.stringify(cleaned[name] ?? "")})`);
  }
  if (result.data.NOTIFY_API_URL && !result.data.NOTIFY_API_KEY) {
    throw new ConfigError("Invalid environment variable NOTIFY_API_KEY: required when NOTIFY_API_URL is set");
  }
  return { ...result.data, dataDir: path.resolve(result.data.DATA_DIR) };
}

let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** For tests: forget the parsed environment. */
