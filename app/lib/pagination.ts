/** Page links with ellipses: 1 sibling on each side of the current page and 1 boundary page (spec §9). */
export type PageItem = { type: "page"; page: number } | { type: "ellipsis"; key: string };

export function paginationItems(current: number, total: number, siblings = 1, boundaries = 1): PageItem[] {
  if (total <= 1) return total === 1 ? [{ type: "page", page: 1 }] : [];
  const pages = new Set<number>();
  for (let p = 1; p <= Math.min(boundaries, total); p++) pages.add(p);
  for (let p = Math.max(1, total - boundaries + 1); p <= total; p++) pages.add(p);
  for (let p = Math.max(1, current - siblings); p <= Math.min(total, current + siblings); p++) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of sorted) {
    if (page - previous === 2) items.push({ type: "page", page: previous + 1 });
    else if (page - previous > 2) items.push({ type: "ellipsis", key: `gap-${previous}` });
    items.push({ type: "page", page });
    previous = page;
  }
  return items;
}
