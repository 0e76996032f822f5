import type { LoaderFunctionArgs } from "@remix-run/node";
import { ALL_TRUCKS } from "~/data/trucks";
import { TRUCK_TYPES } from "~/data/truck-types";

const STATIC_PATHS = ["/", "/catalog", "/catalog/trucks", "/catalog/parts", "/delivery", "/service", "/leasing", "/contacts", "/privacy"];

let cached: { version: number; siteUrl: string; xml: string } | undefined;

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Every static page, truck and part; rebuilt only when the catalogue changes. */
export async function loader({ context }: LoaderFunctionArgs) {
  const siteUrl = context.services.config.SITE_URL;
  const snapshot = await context.services.parts.getCatalogue().catch(() => undefined);
  const version = snapshot?.version ?? -1;
  if (!cached || cached.version !== version || cached.siteUrl !== siteUrl) {
    const paths = [
      ...STATIC_PATHS,
      ...TRUCK_TYPES.map((type) => `/catalog/trucks?type=${type.slug}`),
      ...ALL_TRUCKS.map((truck) => `/catalog/trucks/${truck.type.slug}/${truck.slug}`),
      ...(snapshot?.parts.map((part) => `/catalog/parts/${encodeURIComponent(part.slug)}`) ?? []),
    ];
    const body = paths.map((p) => `<url><loc>${escapeXml(siteUrl + p)}</loc></url>`).join("\n");
    cached = {
      version,
      siteUrl,
      xml: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`,
    };
  }
  return new Response(cached.xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600, s-maxage=3600" },
  });
}
