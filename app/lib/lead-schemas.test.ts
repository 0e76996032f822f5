import { describe, expect, it } from "vitest";
import { CARRIERS, OTHER_CARRIER } from "./delivery";
import { buySchema, callbackSchema, fitFiles, MESSAGES, orderSchema, partsListSchema } from "./lead-schemas";

function errorsOf(result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

const valid = { name: "Иванов Иван", phone: "+7 (912) 345-67-89", consent: "on" };

describe("lead schemas", () => {
  it("accepts a complete callback lead and trims it", () => {
    const result = callbackSchema.safeParse({
      ...valid,
      name: "  Иванов Иван ",
      inn: "2465123457",
      comment: " Нужен J7 ",
      source: "/catalog/trucks",
    });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ name: "Иванов Иван", comment: "Нужен J7", inn: "2465123457", consent: true });
  });

  it("gives the spec's messages for empty name and phone", () => {
    expect(errorsOf(callbackSchema.safeParse({ consent: "on" }))).toEqual({
      name: MESSAGES.name,
      phone: MESSAGES.phone,
    });
    expect(errorsOf(callbackSchema.safeParse({ ...valid, name: "   " }))).toEqual({ name: MESSAGES.name });
  });

  it.each(["+7 (912) 345-67-8_", "8912345678", "912345678", "19123456789", "+7 (912) 345-67-890 1", "телефон"])(
    "refuses the phone %s",
    (phone) => {
      expect(errorsOf(callbackSchema.safeParse({ ...valid, phone }))).toEqual({ phone: MESSAGES.phone });
    },
  );

  it.each([
    "89123456789",
    "79123456789",
    "+79123456789",
    "8 (912) 345-67-89",
    "+7 912 345 67 89",
    "+7 (912) 345-67-89",
    // Ten digits, as typed without JavaScript: the mask's +7 put before them.
    "9123456789",
    "912 345-67-89",
  ])("accepts the phone %s in the mask's form", (phone) => {
    for (const schema of [callbackSchema, buySchema, partsListSchema, orderSchema]) {
      expect(schema.parse({ ...valid, phone }).phone).toBe("+7 (912) 345-67-89");
    }
  });

  it.each(["123", "12345678901", "1234567890123", "24651234ab"])("refuses the inn %s", (inn) => {
    expect(errorsOf(callbackSchema.safeParse({ ...valid, inn }))).toEqual({ inn: MESSAGES.inn });
  });

  // Spaces and hyphens typed without JavaScript are left out, as the field does with it.
  it.each([
    ["2465 123457", "2465123457"],
    ["2465-123457", "2465123457"],
    [" 246512345602 ", "246512345602"],
  ])("reads the inn %j as %j", (inn, digits) => {
    expect(callbackSchema.parse({ ...valid, inn }).inn).toBe(digits);
  });

  it.each(["", "2465123457", "246512345602", "7707083893", "500100732259"])("accepts the inn %j", (inn) => {
    expect(callbackSchema.safeParse({ ...valid, inn }).success).toBe(true);
  });

  // A digit mistyped or two swapped: the length is right, the control digits are not (ФНС's rule).
  it.each([
    ["2465123456", "the 10th digit"],
    ["7707083839", "two digits swapped"],
    ["246512345612", "the 11th digit"],
    ["246512345603", "the 12th digit"],
    ["500100732258", "a 12-digit ИНН's last digit"],
  ])("refuses the inn %s (%s) for its control digits, in every form with an ИНН", (inn) => {
    for (const schema of [callbackSchema, orderSchema]) {
      expect(errorsOf(schema.safeParse({ ...valid, inn }))).toEqual({ inn: MESSAGES.innCheck });
    }
    expect(MESSAGES.innCheck).toBe("Проверьте ИНН: не сходится контрольная цифра");
  });

  it("keeps the length message for a wrong length, whatever its digits", () => {
    expect(errorsOf(orderSchema.safeParse({ ...valid, inn: "24651234" }))).toEqual({ inn: MESSAGES.inn });
  });

  it("reads the КПП of a chosen branch as 9 digits, and anything else as none", () => {
    expect(orderSchema.parse({ ...valid, kpp: "244301001" }).kpp).toBe("244301001");
    expect(callbackSchema.parse({ ...valid, kpp: "244301001" }).kpp).toBe("244301001");
    for (const kpp of ["", "2443", "24430100a", "<b>"])
      expect(orderSchema.parse({ ...valid, kpp }).kpp).toBeUndefined();
  });

  it.each(["a@b", "@b.ru", "a b@c.ru", "a@b.", "ab.ru"])("refuses the email %s", (email) => {
    expect(errorsOf(orderSchema.safeParse({ ...valid, email }))).toEqual({ email: MESSAGES.email });
  });

  it.each(["", "ivan@mail.ru", "a@b.c"])("accepts the email %j", (email) => {
    expect(orderSchema.safeParse({ ...valid, email }).success).toBe(true);
  });

  it("requires consent on every form", () => {
    for (const schema of [callbackSchema, buySchema, partsListSchema, orderSchema]) {
      expect(errorsOf(schema.safeParse({ ...valid, consent: undefined }))).toEqual({ consent: MESSAGES.consent });
    }
  });

  it("reads the invoice checkbox as a boolean", () => {
    expect(orderSchema.parse({ ...valid, invoice: "on", inn: "2465123457" }).invoice).toBe(true);
    expect(orderSchema.parse({ ...valid }).invoice).toBe(false);
  });
});

describe("the order's delivery and invoice rules", () => {
  const carrier = CARRIERS[0];

  it("asks nothing more for pickup, whatever else was left in the form", () => {
    expect(errorsOf(orderSchema.safeParse({ ...valid, delivery: "pickup", carrier: "x" }))).toEqual({});
  });

  it("requires the address for a courier", () => {
    expect(errorsOf(orderSchema.safeParse({ ...valid, delivery: "courier", address: "  " }))).toEqual({
      address: MESSAGES.address,
    });
    const order = orderSchema.parse({ ...valid, delivery: "courier", address: " ул. Ленина, 1 " });
    expect(order.address).toBe("ул. Ленина, 1");
  });

  it("requires a listed company (or 'Другая' and its name) and the city for a transport company", () => {
    expect(errorsOf(orderSchema.safeParse({ ...valid, delivery: "transport" }))).toEqual({
      carrier: MESSAGES.carrier,
      city: MESSAGES.city,
    });
    expect(
      errorsOf(orderSchema.safeParse({ ...valid, delivery: "transport", carrier: "Неизвестная", city: "Омск" })),
    ).toEqual({ carrier: MESSAGES.carrier });
    expect(
      errorsOf(orderSchema.safeParse({ ...valid, delivery: "transport", carrier: OTHER_CARRIER, city: "Омск" })),
    ).toEqual({ carrierName: MESSAGES.carrierName });
    expect(orderSchema.safeParse({ ...valid, delivery: "transport", carrier, city: "Омск" }).success).toBe(true);
    expect(
      orderSchema.safeParse({
        ...valid,
        delivery: "transport",
        carrier: OTHER_CARRIER,
        carrierName: "Мейджик",
        city: "Омск",
      }).success,
    ).toBe(true);
  });

  it("needs the company's ИНН for an invoice, and keeps the spec's length rule", () => {
    expect(errorsOf(orderSchema.safeParse({ ...valid, invoice: "on" }))).toEqual({ inn: MESSAGES.invoiceInn });
    expect(errorsOf(orderSchema.safeParse({ ...valid, invoice: "on", inn: "123" }))).toEqual({ inn: MESSAGES.inn });
    expect(errorsOf(orderSchema.safeParse({ ...valid, inn: "" })).inn).toBeUndefined();
  });

  // Typed without JavaScript, where nothing keeps the field to digits.
  it.each(["2465 123457", "2465-123457", " 246512345602 "])("places an order with the ИНН %j, as digits", (inn) => {
    expect(orderSchema.parse({ ...valid, inn }).inn).toBe(inn.replace(/\D/g, ""));
    expect(orderSchema.parse({ ...valid, invoice: "on", inn, companyName: "ООО «Сибирь»" }).inn).toBe(
      inn.replace(/\D/g, ""),
    );
  });

  it("needs the company's name for an invoice where the form asks for it (no register to name it), never where it does not", () => {
    const company = { ...valid, invoice: "on", inn: "2465123457" };
    expect(errorsOf(orderSchema.safeParse({ ...company, companyName: "  " }))).toEqual({
      companyName: MESSAGES.invoiceCompany,
    });
    expect(orderSchema.parse({ ...company, companyName: " ООО «Сибирь» " }).companyName).toBe("ООО «Сибирь»");
    expect(orderSchema.safeParse(company).success).toBe(true);
    expect(orderSchema.safeParse({ ...valid, companyName: "" }).success).toBe(true);
  });

  it("gives the conditional messages together with the others, as the form shows them on a submit", () => {
    expect(errorsOf(orderSchema.safeParse({ delivery: "courier", invoice: "on" }))).toEqual({
      name: MESSAGES.name,
      phone: MESSAGES.phone,
      consent: MESSAGES.consent,
      address: MESSAGES.address,
      inn: MESSAGES.invoiceInn,
    });
  });

  it("never throws on hostile input types", () => {
    expect(callbackSchema.safeParse({ name: ["a"], phone: { x: 1 }, inn: 5, consent: "yes" }).success).toBe(false);
    expect(callbackSchema.safeParse(null).success).toBe(false);
  });
});

describe("fitFiles", () => {
  const mb = 1024 * 1024;
  it("keeps files under the 10 MB total and skips the rest", () => {
    const { kept, skipped } = fitFiles([{ size: 4 * mb }], [{ size: 5 * mb }, { size: 2 * mb }, { size: 1 * mb }]);
    expect(kept.map((f) => f.size)).toEqual([4 * mb, 5 * mb, 1 * mb]);
    expect(skipped.map((f) => f.size)).toEqual([2 * mb]);
  });

  it("allows exactly 10 485 760 bytes", () => {
    expect(fitFiles([], [{ size: 10_485_760 }]).skipped).toEqual([]);
    expect(fitFiles([], [{ size: 10_485_761 }]).kept).toEqual([]);
  });

  it("caps the number of files at 10", () => {
    expect(
      fitFiles(
        [],
        Array.from({ length: 12 }, () => ({ size: 1 })),
      ).kept,
    ).toHaveLength(10);
  });
});
