import type { DeskId } from "~/content";

/** The desk that answers on a page: parts on the parts catalogue, cart and checkout, service on /service, else sales. */
export function deskForPage(path: string): DeskId {
  const pathname = path.split(/[?#]/)[0];
  if (/^\/(catalog\/parts|cart|make-order|order-success|delivery)(\/|$)/.test(pathname)) return "parts";
  if (/^\/service(\/|$)/.test(pathname)) return "service";
  return "sales";
}
