import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { companyQuery, type CompanySuggestions } from "~/lib/party";

/**
 * GET /api/company-suggest?q=… — companies whose ИНН starts with the digits typed in an ИНН field,
 * from DaData's register (server/dadata.server.ts), so its key never reaches the browser. Fetched
 * by the field with JavaScript; without it the ИНН is looked up when the form is sent. Limited per
 * visitor in server/index.ts. The digits may be a sole trader's ИНН (personal data): never cached.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const headers = { "Cache-Control": "no-store" };
  const raw = new URL(request.url).searchParams.get("q") ?? "";
  const q = companyQuery(raw);
  const { companies } = context.services;
  if (!companies.enabled) return json<CompanySuggestions>({ q: raw.slice(0, 12), items: [] }, { status: 404, headers });
  if (!q) return json<CompanySuggestions>({ q: raw.slice(0, 12), items: [] }, { headers });
  // The browser drops a request for older digits: so does the call to the register.
  const items = await companies.suggest(q, { signal: request.signal });
  return json<CompanySuggestions>({ q, items }, { headers });
}
