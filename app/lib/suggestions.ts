/** The search box's suggestions as GET /api/parts-suggest sends them and the search box reads them. */
import type { Part } from "./part";

/** What a suggestion under the search box shows of a part. */
export type SuggestionData = Pick<Part, "slug" | "name" | "fullName" | "article" | "price" | "balance">;

export interface SuggestionsData {
  /** The text the suggestions are for, as typed. */
  q: string;
  items: SuggestionData[];
  /** The text retyped on the other keyboard layout, when only that found the items. */
  shownQuery: string | null;
}

export function toSuggestion(part: Part): SuggestionData {
  const { slug, name, fullName, article, price, balance } = part;
  return { slug, name, fullName, article, price, balance };
}
