import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { closeModalHref } from "~/lib/modal";
import { CloseIcon } from "../icons";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Where focus returns when a modal closes: the link or button that opened it. */
let lastOpener: HTMLElement | null = null;
if (typeof document !== "undefined") {
  document.addEventListener(
    "click",
    (event) => {
      const target = (event.target as HTMLElement | null)?.closest?.("a[href*='modal='], button[data-opens-modal]");
      if (target) lastOpener = target as HTMLElement;
    },
    true,
  );
}

/**
 * A dialog addressed by the URL. Without JavaScript the close button and the backdrop are
 * links to the page without `?modal`; with JavaScript Escape closes it too, focus moves in,
 * stays inside and returns to the opener, and the page behind does not scroll.
 */
export function Modal({ title, children }: { title: string; children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const closeHref = closeModalHref(location.pathname, location.search);
  const openedHere = (location.state as { modalFrom?: string } | null)?.modalFrom === closeHref;

  const close = () => {
    // Opened from this page: step back, so Back does not reopen it.
    if (openedHere) navigate(-1);
    else navigate(closeHref, { replace: true, preventScrollReset: true });
  };
  const closeRef = useRef(close);
  closeRef.current = close;

  useEffect(() => {
    const opener = lastOpener;
    const dialog = dialogRef.current;
    const first =
      dialog?.querySelector<HTMLElement>("input:not([type=hidden]):not([tabindex='-1']), textarea, select") ?? dialog;
    first?.focus({ preventScroll: true });
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    document.body.style.overflow = "hidden";
    if (scrollbar > 0) document.body.style.paddingRight = `${scrollbar}px`;

    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        closeRef.current();
        return;
      }
      if (event.key !== "Tab" || !dialog) return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.offsetParent !== null || el === document.activeElement,
      );
      if (items.length === 0) return;
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      if (event.shiftKey && (document.activeElement === firstItem || document.activeElement === dialog)) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = "";
      document.body.style.paddingRight = "";
      if (opener && document.contains(opener)) opener.focus({ preventScroll: true });
      else {
        const fallback =
          document.querySelector<HTMLElement>(`[href*='modal=']`) ?? document.querySelector<HTMLElement>("main");
        fallback?.focus({ preventScroll: true });
      }
    };
  }, []);

  return (
    <div className="modal-root">
      <Link
        to={closeHref}
        replace
        preventScrollReset
        className="modal-backdrop"
        aria-hidden="true"
        tabIndex={-1}
        data-testid="modal-backdrop"
        onClick={(event) => {
          event.preventDefault();
          close();
        }}
      />
      <div ref={dialogRef} className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="modal__head">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <Link
            to={closeHref}
            replace
            preventScrollReset
            className="modal__close"
            aria-label="Закрыть"
            onClick={(event) => {
              event.preventDefault();
              close();
            }}
          >
            <CloseIcon size={24} />
          </Link>
        </div>
        <div className="modal__body">{children}</div>
      </div>
    </div>
  );
}
