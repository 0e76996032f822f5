/**
 * The phone field (spec §5: the mask '+7 (000) 000-00-00', 11 digits) as people in Russia fill it:
 * typed key by key from an 8 or a +7 ('8913…', '+7913…'), typed as ten digits, pasted or autofilled
 * whole. Every path ends in the mask's own form, so the lead carries one shape of number.
 */

export const PHONE_MASK = "+7 (___) ___-__-__";

/** Digits of a phone as typed; 11 are required. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, "");
}

/**
 * The phone in the mask's form ('+7 (913) 123-45-67') when it is a Russian number of 11 digits
 * written from 8, 7 or +7, or its ten digits after the country code as the mask takes them (a
 * code that starts with 3, 4 or 9: one starting with 7 or 8 is a number short of a digit);
 * otherwise null. The server's path without JavaScript ends here too, so a phone typed there as
 * ten digits is taken as it is with the mask.
 */
export function canonicalPhone(value: string): string | null {
  const digits = phoneDigits(value);
  let local: string;
  if (digits.length === 11 && /^[78]/.test(digits)) local = digits.slice(1);
  else if (digits.length === 10 && /^[349]/.test(digits)) local = digits;
  else return null;
  return `+7 (${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6, 8)}-${local.slice(8)}`;
}

/** The phone as sent onward: spaces removed (spec §7). */
export function phoneForSending(value: string): string {
  return value.replace(/\s+/g, "");
}

/** What the mask tells its `track` callback about one change of the field. */
export interface PhoneEdit {
  inputType: "insert" | "deleteBackward" | "deleteForward";
  value: string;
  data: string | null;
  selectionStart: number;
  selectionEnd: number;
}

/**
 * The characters to hand the mask for one change, or `data` unchanged. The mask's own '+7' holds the
 * country code, so an 8 or 7 (or '+7') that starts a number is that code, not its first digit:
 * - typed while the field holds no digit after +7, it is dropped ('8913…' key by key fills +7 (913)…);
 * - a whole number pasted or autofilled over the field ('89131234567', '+7 913 123-45-67') loses it too.
 * Anywhere else an 8 or 7 is an ordinary digit, so editing inside a number behaves.
 */
export function phoneTyped({ inputType, value, data, selectionStart, selectionEnd }: PhoneEdit): string | null {
  if (inputType !== "insert" || !data) return data;
  const kept = value.slice(0, selectionStart) + value.slice(selectionEnd);
  const keptDigits = phoneDigits(kept.startsWith("+7") ? kept.slice(2) : kept);
  if (keptDigits !== "") return data;
  const digits = phoneDigits(data);
  if (digits.length === 11 && /^[78]/.test(digits)) return digits.slice(1);
  if (digits.length < 10 && /^\+?[78]/.test(data.trim())) return digits.slice(1);
  return data;
}
