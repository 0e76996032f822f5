import { useLocation, useNavigate, Link } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { closeModalHref } from "~/lib/modal";
import { CloseIcon } from "../icons";

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
 * A dialog addressed by the URL, on the native <dialog>. The server renders it open, which is not
 * modal: without JavaScript it is an overlay whose close button and backdrop are links to the
 * page without `?modal`. With JavaScript it becomes modal (showModal): the page behind is inert,
 * focus stays inside, Escape closes it, focus moves in and returns to the opener.
 */
export function Modal({ title, children }: { title: string; children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closeHref = closeModalHref(location.pathname, location.search);
  const openedHere = (location.state as { modalFrom?: string } | null)?.modalFrom === closeHref;

  const closing = useRef(false);
  const close = () => {
    if (closing.current) return;
    closing.current = true;
    // Opened from this page: step back, so Back does not reopen it.
    if (openedHere) navigate(-1);
    else navigate(closeHref, { replace: true, preventScrollReset: true });
  };
  const closeRef = useRef(close);
  closeRef.current = close;

  useEffect(() => {
    const opener = lastOpener;
    const dialog = dialogRef.current;
    if (!dialog) return;
    // showModal() refuses a dialog already open without being modal, as rendered.
    if (!dialog.matches(":modal")) {
      dialog.removeAttribute("open");
      dialog.showModal();
    }
    const first =
      dialog.querySelector<HTMLElement>("input:not([type=hidden]):not([tabindex='-1']), textarea, select") ?? dialog;
    first.focus({ preventScroll: true });
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    document.body.style.overflow = "hidden";
    if (scrollbar > 0) document.body.style.paddingRight = `${scrollbar}px`;

    // Escape: the URL closes the modal, not the browser.
    const onCancel = (event: Event) => {
      event.preventDefault();
      closeRef.current();
    };
    // The browser closes it anyway on a second Escape without a click or key between.
    const onClose = () => closeRef.current();
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("close", onClose);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("close", onClose);
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
    <dialog ref={dialogRef} open className="modal-root" aria-labelledby={titleId} tabIndex={-1}>
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
      <div className="modal">
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
    </dialog>
  );
}
