import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { MAX_SEARCH_LENGTH } from "~/lib/catalogue-query";
import { suggestParts } from "~/lib/catalogue-search";
import { toSuggestion, type SuggestionsData } from "~/lib/suggestions";
import { wrongMethod } from "~server/odd-requests.server";

/**
 * GET /api/parts-suggest?q=… — up to six parts for what is being typed in the search box, in
 * relevance order, from the same index as the list (`suggestParts`). Fetched by the search box
 * with JavaScript; without it the plain search form is all there is.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, MAX_SEARCH_LENGTH);
  try {
    const snapshot = await context.services.parts.getCatalogue();
    const { items, shownQuery } = suggestParts(snapshot, q);
    return json<SuggestionsData>(
      {
        q,
        items: items.map(toSuggestion),
        shownQuery: shownQuery ?? null,
      },
      // The catalogue is refreshed every few minutes; a minute of staleness is harmless here.
      { headers: { "Cache-Control": "public, max-age=60" } },
    );
  } catch {
    return json<SuggestionsData>(
      { q, items: [], shownQuery: null },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}

export const action = () => wrongMethod("GET, HEAD");
