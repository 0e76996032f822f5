import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemaps } from "~server/sitemap.server";
import { wrongMethod } from "~server/odd-requests.server";

/** Every static page, truck and part; past 50 000 URLs, the index of /sitemap/{n}.xml. */
export async function loader({ context }: LoaderFunctionArgs) {
  const snapshot = await context.services.parts.getCatalogue().catch(() => undefined);
  const xml = await sitemaps.index(context.services.config.SITE_URL, snapshot);
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600, s-maxage=3600",
    },
  });
}

export const action = () => wrongMethod("GET, HEAD");
