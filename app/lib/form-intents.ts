/**
 * A form posted back only to be shown again with new figures (the order's delivery cost without
 * JavaScript, the leasing calculation): `?intent=recalculate` in the URL, which the lead limit
 * does not count and after which nothing is sent. A module of its own: the leasing calculator
 * needs the word, not the forms' schemas (zod stays out of the page's first scripts).
 */
export const RECALCULATE_INTENT = "recalculate";
