import { describe, expect, it } from "vitest";
import { canonicalPhone, phoneDigits, phoneForSending, phoneTyped, type PhoneEdit } from "./phone";

/** A key typed at the end of the field's current value, as the mask reports it. */
const typed = (value: string, data: string): PhoneEdit => ({
  inputType: "insert",
  value,
  data,
  selectionStart: value.length,
  selectionEnd: value.length,
});

describe("canonicalPhone", () => {
  it.each([
    ["89131234567", "+7 (913) 123-45-67"],
    ["79131234567", "+7 (913) 123-45-67"],
    ["+79131234567", "+7 (913) 123-45-67"],
    ["8 (913) 123-45-67", "+7 (913) 123-45-67"],
    ["+7 (913) 123-45-67", "+7 (913) 123-45-67"],
    // Every code after the country code: St Petersburg's 812, a free 800, Kazakhstan's 7xx.
    ["+7 (812) 123-45-67", "+7 (812) 123-45-67"],
    ["8 800 555-35-35", "+7 (800) 555-35-35"],
    ["87172123456", "+7 (717) 212-34-56"],
    // Ten digits, as typed without JavaScript: the mask's country code put before them.
    ["9131234567", "+7 (913) 123-45-67"],
    ["913 123-45-67", "+7 (913) 123-45-67"],
    ["(391) 234-56-78", "+7 (391) 234-56-78"],
    ["4951234567", "+7 (495) 123-45-67"],
  ])("writes %s as %s", (input, expected) => {
    expect(canonicalPhone(input)).toBe(expected);
  });

  // A short number, one from an 8 or a 7 a digit short, one of another country.
  it.each([
    "8913123456",
    "7913123456",
    "1913123456",
    "19131234567",
    "+7 (913) 123-45-6_",
    "891312345678",
    "",
    "913123456",
  ])("refuses %j", (input) => {
    expect(canonicalPhone(input)).toBeNull();
  });

  it("removes spaces before sending (spec §7)", () => {
    expect(phoneForSending("+7 (913) 123-45-67")).toBe("+7(913)123-45-67");
  });
});

describe("phoneTyped", () => {
  it.each(["8", "7"])("drops a typed %s while the field holds no digit after +7", (key) => {
    expect(phoneTyped(typed("", key))).toBe("");
    expect(phoneTyped(typed("+7 (", key))).toBe("");
  });

  it("keeps a typed 8 or 7 once the number has begun", () => {
    expect(phoneTyped(typed("+7 (9", "8"))).toBe("8");
    expect(phoneTyped(typed("+7 (913) 1", "7"))).toBe("7");
  });

  it("keeps the first digit of a number typed without the code", () => {
    expect(phoneTyped(typed("", "9"))).toBe("9");
  });

  it("keeps an 8 typed into the middle of a number", () => {
    const edit: PhoneEdit = {
      inputType: "insert",
      value: "+7 (913) 123-45-6_",
      data: "8",
      selectionStart: 4,
      selectionEnd: 4,
    };
    expect(phoneTyped(edit)).toBe("8");
  });

  it.each([
    ["89131234567", "9131234567"],
    ["+79131234567", "9131234567"],
    ["79131234567", "9131234567"],
    ["8 (913) 123-45-67", "9131234567"],
    ["9131234567", "9131234567"],
  ])("takes the code off %s pasted or autofilled into an empty field", (data, expected) => {
    expect(phoneDigits(phoneTyped(typed("", data)) ?? "")).toBe(expected);
  });

  it("takes the code off a number pasted over the whole field", () => {
    const value = "+7 (999) 888-77-66";
    const edit: PhoneEdit = {
      inputType: "insert",
      value,
      data: "89131234567",
      selectionStart: 0,
      selectionEnd: value.length,
    };
    expect(phoneTyped(edit)).toBe("9131234567");
  });

  it("leaves deletions alone", () => {
    const edit: PhoneEdit = {
      inputType: "deleteBackward",
      value: "+7 (9",
      data: null,
      selectionStart: 4,
      selectionEnd: 5,
    };
    expect(phoneTyped(edit)).toBeNull();
  });
});
