/**
 * The dialling form of a displayed Russian number, with its country code as +7 or 8 (the content's
 * check refuses any other): '+7 (391) 123-45-67' or '8 (391) 123-45-67' → '+73911234567'.
 */
export function telFromDisplay(display: string): string {
  return `+7${display.replace(/\D/g, "").slice(1)}`;
}
