import type { LoaderFunctionArgs } from "@remix-run/node";

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
    "Allow: /",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
