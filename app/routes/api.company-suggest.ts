import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { companyQuery, type CompanySuggestions } from "~/lib/party";
import { wrongMethod } from "~server/odd-requests.server";

/**
 * GET /api/company-suggest?q=… — companies whose ИНН starts with the digits typed in an ИНН field,
 * from DaData's register (server/dadata.server.ts), so its key never reaches the browser. Fetched
 * by the field with JavaScript; without it the ИНН is looked up when the form is sent. Limited per
 * visitor (COMPANY_SUGGEST_RATE_LIMIT a minute): over it, 429 with no suggestions, and the form
 * goes on without them as when the register is down. The digits may be a sole trader's ИНН
 * (personal data): never cached.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const headers = { "Cache-Control": "no-store" };
  const raw = new URL(request.url).searchParams.get("q") ?? "";
  const q = companyQuery(raw);
  const { companies, companySuggestLimit } = context.services;
  if (!companies.enabled) return json<CompanySuggestions>({ q: raw.slice(0, 12), items: [] }, { status: 404, headers });
  if (!q) return json<CompanySuggestions>({ q: raw.slice(0, 12), items: [] }, { headers });
  if (await companySuggestLimit.over(context.clientIp))
    return json<CompanySuggestions>({ q, items: [] }, { status: 429, headers: { ...headers, "Retry-After": "60" } });
  // The browser drops a request for older digits: so does the call to the register.
  const items = await companies.suggest(q, { signal: request.signal });
  return json<CompanySuggestions>({ q, items }, { headers });
}

export const action = () => wrongMethod("GET, HEAD");
