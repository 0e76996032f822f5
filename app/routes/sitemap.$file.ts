import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemaps } from "~server/sitemap.server";
import { wrongMethod } from "~server/odd-requests.server";

/** /sitemap/{n}.xml: one file of the sitemap index, when /sitemap.xml is an index. */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const n = /^([1-9]\d{0,5})\.xml$/.exec(params.file ?? "")?.[1];
  const snapshot = n ? await context.services.parts.getCatalogue().catch(() => undefined) : undefined;
  const xml = n ? await sitemaps.file(context.services.config.SITE_URL, snapshot, Number(n)) : undefined;
  if (xml === undefined) {
    throw new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    });
  }
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600, s-maxage=3600",
    },
  });
}

export const action = () => wrongMethod("GET, HEAD");
