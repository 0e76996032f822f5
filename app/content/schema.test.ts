import { describe, expect, it } from "vitest";
import { CONTENT, LEGAL } from "./index";
import { ContentError, localFiles, missingFiles, parseDealerContent, type DealerContent } from "./schema";
import { VALID_CONTENT } from "./valid";

/** The dealer's content with one change at `path` (a key removed when `value` is undefined). */
function changed(path: string, value: unknown): unknown {
  const copy = structuredClone(CONTENT) as Record<string, unknown>;
  const parts = path.split(".");
  const last = parts.pop()!;
  let node = copy as Record<string, unknown>;
  for (const part of parts) node = node[part] as Record<string, unknown>;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

function errorOf(content: unknown): string {
  try {
    parseDealerContent(content);
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError);
    return (error as Error).message;
  }
  throw new Error("the content passed its checks");
}

describe("dealer content schema", () => {
  it("passes the site's own content", () => {
    expect(VALID_CONTENT).toBe(CONTENT);
  });

  it.each([
    ["desks.sales.phones.0.display", "200-00-01", "номер телефона из 11 цифр с кодом страны"],
    // A digit left out: '+7' would be put before 10 digits that start with the 7, a number in Kazakhstan.
    ["desks.sales.phones.0.display", "+7 (391) 200-00-1", "номер телефона из 11 цифр с кодом страны"],
    ["desks.sales.phones.0.display", "(391) 200-00-01", "номер телефона из 11 цифр с кодом страны"],
    ["desks.sales.phones.0.tel", "+73912000099", "номер для набора не сходится с показанным"],
    ["desks.parts.email", "parts(at)dealer", "e-mail"],
    ["desks.sales.whatsapp", "https://whatsapp.com/dealer", "ссылка WhatsApp"],
    ["legal.inn", "12345", "ИНН: 10 или 12 цифр"],
    ["legal.ogrn", undefined, "Required"],
    ["legal.bank.bik", "04040000", "БИК: 9 цифр, начинается с 04"],
    ["legal.bank.bik", "140400000", "БИК: 9 цифр, начинается с 04"],
    ["legal.bank.account", "4070281000000000000", "Расчётный счёт: 20 цифр"],
    ["legal.bank.correspondentAccount", "3010181000000000000a", "Корреспондентский счёт: 20 цифр"],
    ["invoice.vatPercent", 22.5, "целое число процентов"],
    ["invoice.validBankDays", 0, "больше 0"],
    ["salesPoints.1.coordinates.0", 156, "less than or equal to 90"],
    ["trucks.faw-j7-4x2-460.availability", "Скоро", "одно из: В наличии, В пути, Под заказ"],
    ["trucks.faw-j7-4x2-460.price", -5, "больше 0"],
    ["trucks.faw-j7-4x2-460.pictures", [], "нужна хотя бы одна картинка"],
    ["certificate", "//cdn.example/cert.pdf", "путь к файлу в public/"],
    ["trucks.Самосвал", { availability: "В наличии" }, "латиницей в нижнем регистре, через дефис"],
    ["home.stats.models.value", "пятнадцать", "число моделей цифрами"],
  ])("fails at %s, naming the key", (key, value, message) => {
    const text = errorOf(changed(key, value));
    expect(text).toContain(`at ${key} in app/content/dealer.ts`);
    expect(text).toContain(message);
  });

  // An ИНН's or ОГРН's check digit (a remainder of 11, 10 written as 0) misses some typos elsewhere
  // in the number, whatever the values; one in the check digit itself it always catches. An account's
  // control key (weights 7, 1, 3) catches any one wrong digit in the account, or in the БИК digits it uses.
  it("catches a wrong check digit in the ИНН and the ОГРН, and any one mistyped digit in an account or its БИК", () => {
    const typo = (value: string, at: number) =>
      value.slice(0, at) + String((Number(value[at]) + 1) % 10) + value.slice(at + 1);
    const { inn, ogrn, bank } = LEGAL;
    expect(errorOf(changed("legal.inn", typo(inn, inn.length - 1)))).toContain(
      "at legal.inn in app/content/dealer.ts: ИНН: контрольная цифра не сходится",
    );
    expect(errorOf(changed("legal.ogrn", typo(ogrn, ogrn.length - 1)))).toContain(
      "at legal.ogrn in app/content/dealer.ts: ОГРН: контрольная цифра не сходится",
    );
    expect(errorOf(changed("legal.bank.account", typo(bank.account, 12)))).toContain(
      "at legal.bank.account in app/content/dealer.ts: Расчётный счёт: не сходится с БИК",
    );
    expect(errorOf(changed("legal.bank.correspondentAccount", typo(bank.correspondentAccount, 19)))).toContain(
      "at legal.bank.correspondentAccount in app/content/dealer.ts: Корреспондентский счёт: не сходится с БИК",
    );
    expect(errorOf(changed("legal.bank.bik", typo(bank.bik, 8)))).toContain("at legal.bank.account");
  });

  it("pairs a company's ИНН with an ОГРН of 13 digits and a КПП, a sole trader's with an ОГРНИП of 15 and none", () => {
    const company = { inn: "7707083893", ogrn: "1027700132195", kpp: "773601001" };
    const soleTrader = { inn: "500100732259", ogrn: "304500116000157" };
    const withLegal = (legal: object) => changed("legal", { ...CONTENT.legal, kpp: undefined, ...legal });
    expect(() => parseDealerContent(withLegal(company))).not.toThrow();
    expect(() => parseDealerContent(withLegal(soleTrader))).not.toThrow();
    expect(errorOf(withLegal({ ...company, kpp: undefined }))).toContain(
      "at legal.kpp in app/content/dealer.ts: у организации (ИНН из 10 цифр) нужен КПП",
    );
    expect(errorOf(withLegal({ ...company, ogrn: soleTrader.ogrn }))).toContain(
      "at legal.ogrn in app/content/dealer.ts: у организации (ИНН из 10 цифр) ОГРН из 13 цифр",
    );
    expect(errorOf(withLegal({ ...soleTrader, ogrn: company.ogrn }))).toContain(
      "at legal.ogrn in app/content/dealer.ts: у ИП (ИНН из 12 цифр) ОГРНИП из 15 цифр",
    );
    expect(errorOf(withLegal({ ...soleTrader, kpp: company.kpp }))).toContain(
      "at legal.kpp in app/content/dealer.ts: у ИП (ИНН из 12 цифр) нет КПП",
    );
  });

  it("names a misspelt key instead of ignoring it", () => {
    const content = changed("desks.sales.whatsap", "https://wa.me/79137654321");
    expect(errorOf(content)).toMatch(
      /at desks\.sales in app\/content\/dealer\.ts: Unrecognized key\(s\) in object: 'whatsap'/,
    );
  });

  it("takes pictures that are files of the site only: the pages' security policy shows none from another site", () => {
    const text = errorOf(
      changed("trucks.faw-j7-4x2-460", { availability: "В наличии", pictures: ["https://cdn.example/1.webp"] }),
    );
    expect(text).toContain("at trucks.faw-j7-4x2-460.pictures.0 in app/content/dealer.ts");
    expect(text).toContain("картинки с других сайтов страница не покажет");
  });

  it("keeps each leasing range's lower end at most its upper one, naming the lower end's key", () => {
    const leasing = (changes: object) => changed("leasing", { ...CONTENT.leasing, ...changes });
    const { termYears, minAdvancePercent, amountFrom } = CONTENT.leasing;
    expect(errorOf(leasing({ minTermMonths: termYears * 12 + 1 }))).toContain(
      "at leasing.minTermMonths in app/content/dealer.ts: не больше срока termYears × 12",
    );
    expect(errorOf(leasing({ maxAdvancePercent: minAdvancePercent - 1 }))).toContain(
      "at leasing.minAdvancePercent in app/content/dealer.ts: не больше maxAdvancePercent",
    );
    expect(errorOf(leasing({ amountTo: amountFrom - 1 }))).toContain(
      "at leasing.amountFrom in app/content/dealer.ts: не больше amountTo",
    );
    expect(() => parseDealerContent(leasing({ minTermMonths: termYears * 12 }))).not.toThrow();
  });

  it("shows the bad value beside the key", () => {
    expect(errorOf(changed("legal.kpp", "12"))).toContain('(got "12")');
  });

  it("names each picture and document that is a file of the site, and the ones public/ lacks", () => {
    const content = structuredClone(CONTENT) as DealerContent;
    const slug = Object.keys(content.trucks)[0];
    content.trucks[slug] = {
      ...content.trucks[slug],
      pictures: ["/images/trucks/new/1.webp", "/images/trucks/new/2.webp"],
    };
    content.certificate = "/docs/certificate.pdf";
    const keys = localFiles(content).map((file) => file.key);
    expect(keys).toContain("certificate");
    expect(keys).toContain(`trucks.${slug}.pictures.0`);
    expect(keys).toContain(`trucks.${slug}.pictures.1`);
    expect(keys.filter((key) => key.startsWith("leasing.partners."))).toHaveLength(content.leasing.partners.length);
    const there = new Set(localFiles(content).map((file) => file.path));
    there.delete("/docs/certificate.pdf");
    there.delete("/images/trucks/new/1.webp");
    expect(missingFiles(content, (file) => there.has(file))).toEqual([
      "certificate: нет файла public/docs/certificate.pdf",
      `trucks.${slug}.pictures.0: нет файла public/images/trucks/new/1.webp`,
    ]);
  });
});
