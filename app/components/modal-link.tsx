import { useLocation, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { closeModalHref, modalHref, type ModalName } from "~/lib/modal";

/**
 * A link that opens a modal: a real href (works without JavaScript) that, with JavaScript,
 * opens the modal in place, without reloading the page's data.
 */
export function ModalLink({
  modal,
  extra,
  className,
  children,
}: {
  modal: ModalName;
  extra?: Record<string, string>;
  className?: string;
  children: ReactNode;
}) {
  const location = useLocation();
  return (
    <Link
      to={modalHref(location.pathname, location.search, modal, extra)}
      preventScrollReset
      state={{ modalFrom: closeModalHref(location.pathname, location.search) }}
      className={className}
      rel="nofollow"
    >
      {children}
    </Link>
  );
}
