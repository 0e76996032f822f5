import { useLocation, Link } from "@remix-run/react";
import { JsonLd, useSiteUrl } from "./structured-data";
import type { SitePath } from "~/lib/site-path";

export interface Crumb {
  name: string;
  to?: SitePath;
}

/** Breadcrumbs; the last crumb is the current page and is not a link. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const siteUrl = useSiteUrl();
  const { pathname } = useLocation();
  return (
    <nav className="breadcrumbs" aria-label="Хлебные крошки">
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "BreadcrumbList",
          itemListElement: items.map((item, index) => ({
            "@type": "ListItem",
            position: index + 1,
            name: item.name,
            item: `${siteUrl}${item.to && index < items.length - 1 ? item.to : pathname}`,
          })),
        }}
      />
      <ol>
        {items.map((item, index) => (
          <li key={`${item.name}-${index}`}>
            {item.to && index < items.length - 1 ? (
              <Link to={item.to}>{item.name}</Link>
            ) : (
              <span aria-current="page">{item.name}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
