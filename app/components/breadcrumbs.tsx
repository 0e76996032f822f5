import { Link } from "@remix-run/react";

export interface Crumb {
  name: string;
  to?: string;
}

/** Breadcrumbs; the last crumb is the current page and is not a link. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Хлебные крошки">
      <ol>
        {items.map((item, index) => (
          <li key={`${item.name}-${index}`}>
            {item.to && index < items.length - 1 ? <Link to={item.to}>{item.name}</Link> : <span aria-current="page">{item.name}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
