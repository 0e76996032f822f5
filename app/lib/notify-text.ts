/**
 * Notifications reach the dealer as HTML: their `source` is a link (`<a href>`), so the
 * dealer's side renders every value as markup. Text a customer typed (or a register returned)
 * must stay text there: `<`, `>` and `&` are written as entities, quotes stay (they only matter
 * inside attributes, and no value is put in one). The site's own markup is marked and passed as is.
 */

/** A field as the site builds it; `markup` marks a value the site wrote as HTML itself. */
export interface OutgoingField {
  key: string;
  value: string;
  markup?: boolean;
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };

/** Text as HTML text: `<`, `>` and `&` as entities, everything else (quotes too) unchanged. */
export function escapeHtmlText(text: string): string {
  return text.replace(/[&<>]/g, (c) => ENTITIES[c]);
}

/**
 * The fields as sent: every value escaped except the site's markup. Applied once, when a lead is
 * written; a re-send sends what was written, so nothing is escaped twice.
 */
export function htmlSafeFields(fields: readonly OutgoingField[]): { key: string; value: string }[] {
  return fields.map(({ key, value, markup }) => ({ key, value: markup ? value : escapeHtmlText(value) }));
}
