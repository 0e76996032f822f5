import { findTruck } from "~/data/trucks";

/**
 * The model a truck page shows ('/catalog/trucks/tyagach/faw-j7-6x4-460'), for a request sent from
 * that page. Read on the server (the model list stays out of the pages that do not show trucks).
 */
export function truckOfPage(page: string): { name: string; price?: number } | undefined {
  const match = /^\/catalog\/trucks\/([^/?#]+)\/([^/?#]+)/.exec(page);
  if (!match) return undefined;
  try {
    const truck = findTruck(decodeURIComponent(match[1]), decodeURIComponent(match[2]));
    return truck ? { name: truck.name, price: truck.price } : undefined;
  } catch {
    // A malformed escape in a crafted link: not a truck's page.
    return undefined;
  }
}
