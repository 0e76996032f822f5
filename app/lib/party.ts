/**
 * A company or sole trader as the site knows it from its ИНН (found in DaData's register on the
 * server): what the dealer is told with an order or a lead, and what an invoice names as the buyer.
 */
export interface Party {
  inn: string;
  /** The short name with its legal form: 'ООО «Ромашка»', 'ИП Иванов Иван Иванович'. */
  name: string;
  /** A sole trader (12-digit ИНН) has none. */
  kpp?: string;
  address?: string;
}

/** What a suggestion route answers for what is being typed in an ИНН field. */
export interface CompanySuggestions {
  /** The digits the suggestions are for. */
  q: string;
  items: Party[];
}

/** Fewest digits of an ИНН worth asking about. */
export const MIN_COMPANY_QUERY = 3;

/** The digits of a partly typed ИНН worth asking about, or null. */
export function companyQuery(value: string | null | undefined): string | null {
  const digits = (value ?? "").trim();
  return /^\d+$/.test(digits) && digits.length >= MIN_COMPANY_QUERY && digits.length <= 12 ? digits : null;
}

/** The short line under the ИНН field once a company is chosen: 'ООО «Ромашка», КПП 246501001'. */
export function partyLabel(party: Party): string {
  return party.kpp ? `${party.name}, КПП ${party.kpp}` : party.name;
}

/** The `company` value of a notification: 'ООО «Ромашка», КПП 246501001, г Красноярск, ул Ленина, д 1'. */
export function companyText(party: Party): string {
  return [partyLabel(party), party.address].filter(Boolean).join(", ");
}

/** The notification's extra `company` field: one when the company was found, none otherwise. */
export function companyFields(party: Party | undefined): { key: "company"; value: string }[] {
  return party ? [{ key: "company", value: companyText(party) }] : [];
}
