import { Link } from "@remix-run/react";
import { paginationItems } from "~/lib/pagination";
import type { SitePath } from "~/lib/site-path";

/** Page links; `hrefFor` keeps the rest of the query so filters survive paging. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => SitePath;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label="Страницы">
      <ul>
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} className="pagination__link" aria-label="Предыдущая страница" rel="prev">
              ‹
            </Link>
          ) : (
            <span className="pagination__link is-disabled" aria-hidden="true">
              ‹
            </span>
          )}
        </li>
        {paginationItems(page, pageCount).map((item) =>
          item.type === "ellipsis" ? (
            <li key={item.key}>
              <span className="pagination__gap" aria-hidden="true">
                …
              </span>
            </li>
          ) : (
            <li key={item.page}>
              <Link
                to={hrefFor(item.page)}
                className={`pagination__link${item.page === page ? " is-current" : ""}`}
                aria-current={item.page === page ? "page" : undefined}
                aria-label={`Страница ${item.page}`}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={hrefFor(page + 1)} className="pagination__link" aria-label="Следующая страница" rel="next">
              ›
            </Link>
          ) : (
            <span className="pagination__link is-disabled" aria-hidden="true">
              ›
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
