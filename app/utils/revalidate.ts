import type { ShouldRevalidateFunction } from "@remix-run/react";
import { onlyModalChanged } from "~/lib/modal";

/** Route modules export this as `shouldRevalidate`: opening a modal does not refetch the page. */
export const modalAwareRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (!formMethod && onlyModalChanged(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
};
