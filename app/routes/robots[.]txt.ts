import type { LoaderFunctionArgs } from "@remix-run/node";
import { wrongMethod } from "~server/odd-requests.server";

/**
 * Clean-param (Yandex; other robots skip the line) names query parameters that do not change a
 * page: `modal` opens a form over any page; `sortBy` reorders the parts list. Yandex then
 * crawls and indexes one address instead of one per value.
 */
export function loader({ context }: LoaderFunctionArgs) {
  const siteUrl = context.services.config.SITE_URL;
  const body = [
    "User-agent: *",
    "Disallow: /cart",
    "Disallow: /make-order",
    "Disallow: /order-success",
    "Disallow: /form-success",
    "Disallow: /lead/",
    "Disallow: /api/",
    // The Yandex feed and the price list are there to be fetched (Яндекс Товары reads the feed).
    "Allow: /feeds/",
    "Allow: /",
    "Clean-param: modal",
    "Clean-param: sortBy /catalog/parts",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

export const action = () => wrongMethod("GET, HEAD");
