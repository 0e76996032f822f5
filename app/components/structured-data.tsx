import { useRouteLoaderData } from "@remix-run/react";
import { DEALER, DESKS, deskPhone, LEGAL, SALES_POINTS } from "~/content";
import { openingHours } from "~/lib/work-time";
import { absoluteUrl } from "~/lib/absolute-url";

/** The site's public origin (SITE_URL), for absolute URLs in structured data and meta. */
export function useSiteUrl(): string {
  return (useRouteLoaderData("root") as { siteUrl?: string } | undefined)?.siteUrl ?? "";
}

/** A JSON-LD block. Data, not script: it is never executed, so it needs no nonce. */
export function JsonLd({ data }: { data: object }) {
  // `<` is escaped so no value can close the script element.
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}

export function dealerJsonLd(siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "AutoDealer",
    name: DEALER.name,
    legalName: LEGAL.name,
    taxID: LEGAL.inn,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/images/logo.svg`,
    email: DESKS.sales.email,
    telephone: deskPhone("sales").tel,
    brand: { "@type": "Brand", name: DEALER.brand },
    department: SALES_POINTS.map((point) => ({
      "@type": "AutoDealer",
      name: `${DEALER.name} — ${point.name}`,
      telephone: point.phones[0].tel,
      address: {
        "@type": "PostalAddress",
        streetAddress: point.address,
        addressLocality: point.locality,
        addressRegion: point.region,
        addressCountry: "RU",
      },
      geo: { "@type": "GeoCoordinates", latitude: point.coordinates[0], longitude: point.coordinates[1] },
      openingHoursSpecification: openingHours(point.workTime),
    })),
  };
}

export function productJsonLd(
  siteUrl: string,
  product: {
    name: string;
    url: string;
    image?: string;
    sku?: string;
    description?: string;
    price?: number;
    inStock: boolean;
    /** A schema.org availability URL; unset: InStock or OutOfStock by `inStock`. */
    availability?: string;
    brand?: string;
  },
) {
  // A part's picture may be on the parts API's own host: only a path of the site takes the site's origin.
  const image = product.image ? absoluteUrl(product.image, siteUrl) : undefined;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    ...(image ? { image } : {}),
    ...(product.sku ? { sku: product.sku } : {}),
    ...(product.description ? { description: product.description } : {}),
    brand: { "@type": "Brand", name: product.brand ?? DEALER.brand },
    offers: {
      "@type": "Offer",
      url: `${siteUrl}${product.url}`,
      priceCurrency: "RUB",
      // A truck without the dealer's price is priced on request: its offer has no price.
      ...(product.price === undefined ? {} : { price: product.price }),
      availability:
        product.availability ?? (product.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock"),
      seller: { "@type": "AutoDealer", name: DEALER.name },
    },
  };
}
