import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ConfigError, envSchema, parseConfig } from "./config.server";

describe("parseConfig", () => {
  it("runs on the embedded defaults with no environment at all", () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.SITE_URL).toBe("http://localhost:3000");
    expect(config.PARTS_API_URL).toBeUndefined();
    expect(config.NOTIFY_API_URL).toBeUndefined();
    expect(config.PARTS_CACHE_TTL_SECONDS).toBe(300);
    expect(config.PARTS_MAX_BYTES).toBe(268435456);
    expect(config.NOTIFY_API_KEY_HEADER).toBe("X-Api-Key");
    expect(config.NOTIFY_PARTS_LIST_NAME).toBe("parts-list");
    expect(config.NOTIFY_TIMEOUT_MS).toBe(10000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.TRUST_PROXY).toBe(false);
    expect(config.LEAD_RATE_LIMIT).toBe(10);
    expect(config.NOTIFY_RETRY_BASE_SECONDS).toBe(60);
    expect(config.METRICS_TOKEN).toBeUndefined();
  });

  it.each([
    ["loopback", ["loopback"]],
    ["1", 1],
    ["0", 0],
    ["false", false],
    [
      "loopback, 10.0.0.0/8, 192.168.1.10, fd00::/8, 172.16.0.0/255.240.0.0, uniquelocal",
      ["loopback", "10.0.0.0/8", "192.168.1.10", "fd00::/8", "172.16.0.0/255.240.0.0", "uniquelocal"],
    ],
  ])("reads TRUST_PROXY=%s as Express's trust proxy setting", (value, expected) => {
    expect(parseConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(["true", "nginx", "10.0.0.0/33", "10.0.0.1/ffff::", ",", "256.0.0.1"])(
    "refuses TRUST_PROXY=%s, naming the variable",
    (value) => {
      expect(() => parseConfig({ TRUST_PROXY: value })).toThrowError(/^Invalid environment variable TRUST_PROXY: /);
    },
  );

  it("reads LEAD_RATE_LIMIT (0 turns the limit off) and NOTIFY_RETRY_BASE_SECONDS", () => {
    expect(parseConfig({ LEAD_RATE_LIMIT: "0" }).LEAD_RATE_LIMIT).toBe(0);
    expect(parseConfig({ LEAD_RATE_LIMIT: "50", NOTIFY_RETRY_BASE_SECONDS: "5" })).toMatchObject({
      LEAD_RATE_LIMIT: 50,
      NOTIFY_RETRY_BASE_SECONDS: 5,
    });
    expect(() => parseConfig({ LEAD_RATE_LIMIT: "-1" })).toThrowError(/LEAD_RATE_LIMIT/);
    expect(() => parseConfig({ NOTIFY_RETRY_BASE_SECONDS: "0" })).toThrowError(/NOTIFY_RETRY_BASE_SECONDS/);
  });

  it("reads ORDER_STATUS_RATE_LIMIT: 10 a minute unless set, 0 turns it off", () => {
    expect(parseConfig({}).ORDER_STATUS_RATE_LIMIT).toBe(10);
    expect(parseConfig({ ORDER_STATUS_RATE_LIMIT: "0" }).ORDER_STATUS_RATE_LIMIT).toBe(0);
    expect(() => parseConfig({ ORDER_STATUS_RATE_LIMIT: "ten" })).toThrowError(/ORDER_STATUS_RATE_LIMIT/);
  });

  it("reads DaData's register: off without a key, the public URL by default, the suggestion limit", () => {
    expect(parseConfig({}).DADATA_API_KEY).toBeUndefined();
    expect(parseConfig({})).toMatchObject({
      DADATA_API_URL: "https://suggestions.dadata.ru",
      COMPANY_SUGGEST_RATE_LIMIT: 60,
    });
    expect(
      parseConfig({
        DADATA_API_KEY: " k ",
        DADATA_API_URL: "http://dadata.local:8080/",
        COMPANY_SUGGEST_RATE_LIMIT: "0",
      }),
    ).toMatchObject({ DADATA_API_KEY: "k", DADATA_API_URL: "http://dadata.local:8080", COMPANY_SUGGEST_RATE_LIMIT: 0 });
    expect(() => parseConfig({ DADATA_API_URL: "suggestions.dadata.ru" })).toThrowError(
      /^Invalid environment variable DADATA_API_URL: /,
    );
  });

  it("treats empty values as unset", () => {
    expect(parseConfig({ PARTS_API_URL: "", PORT: "" }).PARTS_API_URL).toBeUndefined();
  });

  it("reads every variable", () => {
    const config = parseConfig({
      PORT: "8080",
      SITE_URL: "https://faw.example/",
      PARTS_API_URL: "https://parts.example",
      PARTS_CACHE_TTL_SECONDS: "60",
      PARTS_MAX_BYTES: "1048576",
      NOTIFY_API_URL: "https://notify.example",
      NOTIFY_API_KEY: "secret",
      NOTIFY_API_KEY_HEADER: "X-Access-Key",
      NOTIFY_PARTS_LIST_NAME: "parts",
      NOTIFY_TIMEOUT_MS: "5000",
      DATA_DIR: "/var/lib/dealer",
      YANDEX_MAPS_API_KEY: "maps-key",
      YANDEX_METRICA_ID: "98765432",
    });
    expect(config).toMatchObject({
      PORT: 8080,
      SITE_URL: "https://faw.example",
      PARTS_CACHE_TTL_SECONDS: 60,
      PARTS_MAX_BYTES: 1048576,
      NOTIFY_API_KEY_HEADER: "X-Access-Key",
      NOTIFY_TIMEOUT_MS: 5000,
      dataDir: "/var/lib/dealer",
      YANDEX_MAPS_API_KEY: "maps-key",
      YANDEX_METRICA_ID: "98765432",
    });
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid environment variable PORT: /],
    [{ PORT: "70000" }, /PORT: должно быть не больше 65535/],
    [{ PORT: "-1" }, /PORT: должно быть не меньше 0/],
    [{ SITE_URL: "not a url" }, /SITE_URL: должен быть URL/],
    [{ PARTS_API_URL: "ftp//x" }, /PARTS_API_URL/],
    [{ PARTS_CACHE_TTL_SECONDS: "-1" }, /PARTS_CACHE_TTL_SECONDS/],
    [{ YANDEX_METRICA_ID: "counter-1" }, /YANDEX_METRICA_ID: должен быть номером счетчика/],
    [{ PARTS_MAX_BYTES: "256MB" }, /PARTS_MAX_BYTES: должно быть целым числом/],
    [{ PARTS_MAX_BYTES: "100" }, /PARTS_MAX_BYTES: должно быть не меньше 1024/],
    [{ PARTS_MAX_BYTES: String(2 ** 31) }, /PARTS_MAX_BYTES: должно быть не больше/],
    [{ NOTIFY_TIMEOUT_MS: "1.5" }, /NOTIFY_TIMEOUT_MS: должно быть целым числом/],
    [{ NOTIFY_API_KEY_HEADER: "X Api Key" }, /NOTIFY_API_KEY_HEADER/],
    [{ NOTIFY_API_URL: "https://notify.example" }, /NOTIFY_API_KEY: required when NOTIFY_API_URL is set/],
    [{ SMTP_URL: "smtp://mail.example:587" }, /MAIL_FROM: required when SMTP_URL is set/],
    [{ PARTS_IMAGE_ORIGINS: "cdn.parts.example" }, /PARTS_IMAGE_ORIGINS: адреса хостов через пробел/],
    [{ PARTS_IMAGE_ORIGINS: "https://cdn.parts.example/images" }, /PARTS_IMAGE_ORIGINS: адреса хостов через пробел/],
    [{ PARTS_IMAGE_ORIGINS: "http://cdn.parts.example" }, /PARTS_IMAGE_ORIGINS: адреса хостов через пробел/],
    [{ SMTP_URL: "https://mail.example", MAIL_FROM: "shop@example.ru" }, /SMTP_URL: должен начинаться с smtp/],
    [{ SMTP_URL: "smtp://mail.example", MAIL_FROM: "shop" }, /MAIL_FROM: должен быть адресом/],
    [{ DATABASE_URL: "mysql://db.example/faw" }, /DATABASE_URL: должен начинаться с postgres:\/\//],
    [{ SESSION_SECRET: "short" }, /SESSION_SECRET: должен быть не короче 32 символов/],
    [{ LEAD_RETENTION_DAYS: "-1" }, /LEAD_RETENTION_DAYS: должно быть не меньше 0/],
    [{ ORDER_RETENTION_DAYS: "5 лет" }, /ORDER_RETENTION_DAYS: должно быть целым числом/],
  ])("names the bad variable in one line: %j", (env, message) => {
    expect(() => parseConfig(env)).toThrowError(ConfigError);
    try {
      parseConfig(env);
    } catch (error) {
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain("\n");
    }
  });

  it("never repeats an SMTP URL, which carries the password, in its message", () => {
    expect(() => parseConfig({ SMTP_URL: "smtp://user:secret@ mail", MAIL_FROM: "a@b.ru" })).toThrowError(
      /SMTP_URL: .*value not shown/,
    );
    try {
      parseConfig({ SMTP_URL: "smtp://user:secret@ mail", MAIL_FROM: "a@b.ru" });
    } catch (error) {
      expect((error as Error).message).not.toContain("secret");
    }
  });

  it("never repeats a database URL or the cookie secret in its message", () => {
    for (const env of [{ DATABASE_URL: "postgres://faw:secret@ db" }, { SESSION_SECRET: "secret" }]) {
      expect(() => parseConfig(env)).toThrowError(/value not shown/);
      expect(() => parseConfig(env)).not.toThrowError(/secret/);
    }
  });

  it("keeps everything in SQLite under DATA_DIR unless DATABASE_URL names PostgreSQL; personal data for a year, orders five", () => {
    const config = parseConfig({});
    expect([config.DATABASE_URL, config.LEAD_RETENTION_DAYS, config.ORDER_RETENTION_DAYS]).toEqual([
      undefined,
      365,
      1825,
    ]);
    expect(parseConfig({ DATABASE_URL: "postgresql://faw:pw@db:5432/faw" }).DATABASE_URL).toBe(
      "postgresql://faw:pw@db:5432/faw",
    );
    expect(parseConfig({ LEAD_RETENTION_DAYS: "0" }).LEAD_RETENTION_DAYS).toBe(0);
  });

  it("takes an SMTP server with a sender, with or without a display name", () => {
    const config = parseConfig({
      SMTP_URL: "smtps://u:p@smtp.example.ru:465",
      MAIL_FROM: "FAW Солонцы <parts@example.ru>",
    });
    expect(config.SMTP_URL).toBe("smtps://u:p@smtp.example.ru:465");
    expect(parseConfig({ SMTP_URL: "smtp://127.0.0.1:2525", MAIL_FROM: "parts@example.ru" }).MAIL_FROM).toBe(
      "parts@example.ru",
    );
  });
});

describe("PARTS_IMAGE_ORIGINS", () => {
  it("reads origins written with spaces or commas", () => {
    expect(parseConfig({}).PARTS_IMAGE_ORIGINS).toEqual([]);
    expect(
      parseConfig({ PARTS_IMAGE_ORIGINS: "https://cdn.parts.example/, https://img.example:8443" }).PARTS_IMAGE_ORIGINS,
    ).toEqual(["https://cdn.parts.example", "https://img.example:8443"]);
  });
});

describe("the settings' documentation", () => {
  // NODE_ENV is `npm start`'s and the image's own, not the dealer's to set.
  const settings = Object.keys(envSchema.shape).filter((name) => name !== "NODE_ENV");

  it("lists every setting npm start reads in .env.example and in README's configuration table", () => {
    const example = fs.readFileSync(".env.example", "utf8");
    const readme = fs.readFileSync("README.md", "utf8");
    expect(settings).toEqual(
      expect.arrayContaining(["ONEC_EXCHANGE_USER", "ONEC_PRICE_TYPE", "ORDER_STATUS_RATE_LIMIT"]),
    );
    expect(settings.filter((name) => !new RegExp(`^${name}=`, "m").test(example))).toEqual([]);
    expect(settings.filter((name) => !new RegExp(`^\\| [^|\\n]*\`${name}\``, "m").test(readme))).toEqual([]);
  });
});
