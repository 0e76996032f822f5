/** Modals are addressed by the URL (`?modal=callback`), so a plain link opens them without JavaScript. */
import { sitePath, type SitePath } from "./site-path";

export const MODALS = {
  callback: "Заказать обратный звонок",
  leasing: "Рассчитать лизинг",
  price: "Узнать цену",
  "parts-list": "Оставить заявку",
} as const;

export type ModalName = keyof typeof MODALS;

/** A route's `handle` naming what its page is about, for the price modal's title ('Узнать цену на …'). */
export interface ModalSubjectHandle {
  modalSubject: (data: unknown) => string | undefined;
}

/** What the callback modal says when a link opened it to ask for a part's delivery time. */
export const DELIVERY_TIME_TITLE = "Узнать срок поставки";

/**
 * The modal's title: the price modal names the page's subject when it has one; the callback
 * modal opened for a part's delivery time says so and names the part.
 */
export function modalTitle(name: ModalName, subject?: string, part?: string): string {
  if (name === "callback" && part) return `${DELIVERY_TIME_TITLE}: ${part}`;
  return name === "price" && subject ? `${MODALS.price} на ${subject}` : MODALS[name];
}

export const MODAL_PARAM = "modal";

/**
 * What a link may hand the modal beside its name: `source`, the page the request is about (a
 * part of the list), `comment`, the request's comment filled in for the visitor, and `part`, the
 * part whose delivery time is asked (the title names it).
 */
export const MODAL_EXTRAS = ["source", "comment", "part"] as const;

export function isModalName(value: unknown): value is ModalName {
  return typeof value === "string" && Object.prototype.hasOwnProperty.call(MODALS, value);
}

/** The href that opens `name` on the current page, keeping the other query parameters. */
export function modalHref(
  pathname: string,
  search: string,
  name: ModalName,
  extra: Record<string, string> = {},
): SitePath {
  const params = new URLSearchParams(search);
  // What another link handed the modal open before is not this one's.
  for (const key of MODAL_EXTRAS) params.delete(key);
  params.set(MODAL_PARAM, name);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return sitePath(pathname, `?${params.toString()}`);
}

/** The href that closes any modal: the same page without the modal parameters. */
export function closeModalHref(pathname: string, search: string): SitePath {
  const params = new URLSearchParams(search);
  params.delete(MODAL_PARAM);
  for (const extra of MODAL_EXTRAS) params.delete(extra);
  const rest = params.toString();
  return sitePath(pathname, rest ? `?${rest}` : "");
}

/**
 * Opening or closing a modal changes only the query string; loaders need not run again,
 * so with JavaScript the modal opens without a round trip.
 */
export function onlyModalChanged(currentUrl: URL, nextUrl: URL): boolean {
  if (currentUrl.pathname !== nextUrl.pathname) return false;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete(MODAL_PARAM);
    for (const extra of MODAL_EXTRAS) params.delete(extra);
    params.sort();
    return params.toString();
  };
  return strip(currentUrl) === strip(nextUrl);
}
