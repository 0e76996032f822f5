import { findTruck } from "~/data/trucks";

/**
 * The model a truck page shows ('/catalog/trucks/tyagach/faw-j7-6x4-460'), for a request sent from
 * that page. Read on the server (the model list stays out of the pages that do not show trucks).
 */
export function truckOfPage(page: string): { name: string } | undefined {
  const match = /^\/catalog\/trucks\/([^/?#]+)\/([^/?#]+)/.exec(page);
  const truck = match ? findTruck(match[1], match[2]) : undefined;
  return truck ? { name: truck.name } : undefined;
}
