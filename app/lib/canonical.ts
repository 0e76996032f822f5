import { parsePartsQuery, serializePartsQuery } from "./catalogue-query";
import { isTruckTypeSlug } from "~/data/truck-types";

/**
 * The canonical URL of a page: the path alone, except where the query is the page's content —
 * the parts list (its query in a fixed order, without page=1 and defaults) and the truck list's type.
 */
export function canonicalPath(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  if (pathname === "/catalog/parts") {
    const qs = serializePartsQuery(parsePartsQuery(params));
    return qs ? `${pathname}?${qs}` : pathname;
  }
  if (pathname === "/catalog/trucks") {
    const type = params.get("type");
    return isTruckTypeSlug(type) ? `${pathname}?type=${type}` : pathname;
  }
  return pathname;
}
