import { defaultOrder, parsePartsQuery, serializePartsQuery } from "./catalogue-query";
import { isTruckTypeSlug } from "~/data/truck-types";

/**
 * The canonical URL of a page: the path alone, except where the query is the page's content —
 * the parts list (its search, groups and page in a fixed order, without page=1; the order is
 * presentation, as robots.txt's Clean-param says) and the truck list's type.
 */
export function canonicalPath(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  if (pathname === "/catalog/parts") {
    const query = parsePartsQuery(params);
    const qs = serializePartsQuery({ ...query, sortBy: defaultOrder(query.search) });
    return qs ? `${pathname}?${qs}` : pathname;
  }
  if (pathname === "/catalog/trucks") {
    const type = params.get("type");
    return isTruckTypeSlug(type) ? `${pathname}?type=${type}` : pathname;
  }
  return pathname;
}
