import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { dealerContentSchema } from "~/content/schema";
import { schemaAt } from "~/content/schema-path";
import { replaceValue, turnText, type ReplaceContext } from "./demo-replacement";
import { literal } from "./replace-demo-content";

let dir = "";
let ctx: ReplaceContext;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "demo-replacement-"));
  fs.mkdirSync(path.join(dir, "public/docs"), { recursive: true });
  fs.writeFileSync(path.join(dir, "public/docs/licence.pdf"), "%PDF-1.4");
  ctx = { dir };
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Another value for `value` at `key`, which the content schema accepts there. */
function replacedAt(key: string, value: unknown, extra: Partial<ReplaceContext> = {}) {
  const schema = schemaAt(dealerContentSchema, key.split("."));
  const next = replaceValue(value, schema, { ...ctx, ...extra });
  expect(schema?.safeParse(next).success, `${key}: ${JSON.stringify(next)}`).toBe(true);
  expect(next, key).not.toEqual(value);
  return next;
}

describe("a demo value's replacement", () => {
  it("turns every letter and digit, so no part of the old text is left", () => {
    expect(turnText("Склад Abc-19")).toBe("Бъырф Nop-64");
    expect(turnText(turnText("Склад Abc-19"))).toBe("Склад Abc-19");
  });

  it("keeps a phone's format and country code, and the dialling form with it", () => {
    const phone = replacedAt("desks.sales.phones.0", {
      label: "Продажи",
      display: "+7 (913) 111-22-33",
      tel: "+79131112233",
    });
    expect(phone).toEqual({ label: turnText("Продажи"), display: "+7 (913) 666-77-88", tel: "+79136667788" });
  });

  it("gives requisites other digits of the same length, e-mails and messenger links other names", () => {
    expect(replacedAt("legal.inn", "2411111111")).toMatch(/^\d{10}$/);
    expect(replacedAt("legal.kpp", "241101001")).toMatch(/^\d{9}$/);
    expect(replacedAt("desks.parts.email", "desk@dealer.ru")).toBe("qrfx@qrnyre.ru");
    expect(replacedAt("desks.parts.whatsapp", "https://wa.me/79131112233")).toBe("https://wa.me/24686667788");
    expect(replacedAt("desks.sales.telegram", "https://t.me/dealer_desk")).toBe("https://t.me/qrnyre_qrfx");
    expect(replacedAt("makerCredit", { name: "Студия", href: "https://studio.ru" })).toEqual({
      name: turnText("Студия"),
      href: "https://fghqvb.ru",
    });
  });

  it("takes the next value the schema lists, and moves numbers off every demo value", () => {
    expect(replacedAt("trucks.faw-j7-6x4-460.availability", "В наличии")).toBe("В пути");
    expect(replacedAt("trucks.faw-j7-6x4-460.availability", "Под заказ")).toBe("В наличии");
    const taken = new Set<unknown>([10_000_000, 10_700_000]);
    expect(replacedAt("trucks.faw-j7-6x4-460.price", 10_000_000, { taken })).toBe(11_400_000);
    expect(replacedAt("leasing.annualRatePercent", 100, { downward: true })).toBe(99);
    expect(replacedAt("salesPoints.0.coordinates", [55.5, 93.1])).toEqual([55.5123, 93.1123]);
  });

  it("copies a file the value names under public/dealer/, a line end added, and names the copy", () => {
    const next = replacedAt("certificate", "/docs/licence.pdf");
    expect(next).toBe("/dealer/docs/yvprapr.pdf");
    expect(fs.readFileSync(path.join(dir, "public", next as string), "utf8")).toBe("%PDF-1.4\n");
    expect(() => replaceValue("/docs/none.pdf", undefined, ctx)).toThrow("no such file under public/");
  });

  it("writes the new value as the content file writes values", () => {
    expect(literal({ price: 9_850_000, "a-b": [1.5, "x"], skip: undefined })).toBe(
      '{ price: 9_850_000, "a-b": [1.5, "x"] }',
    );
  });
});
