import { lazy, memo, Suspense, useEffect, useRef, useState, type ComponentProps } from "react";
import type { LeadForm as LeadFormComponent } from "./lead-form";
import * as ssr from "./lead-form-ssr.server";
import { onceNear } from "~/lib/once-near";

type LeadFormProps = ComponentProps<typeof LeadFormComponent>;
type FormComponent = typeof LeadFormComponent | typeof BrowserLeadForm;

let loaded: typeof LeadFormComponent | undefined;
let loading: Promise<typeof LeadFormComponent> | undefined;

/** Loads the form's chunk (remix-validated-form, zod, the phone mask; ~40 KB gzip) once. */
function loadLeadForm(): Promise<typeof LeadFormComponent> {
  return (loading ??= import("./lead-form").then((m) => (loaded = m.LeadForm)));
}

const BrowserLeadForm = lazy(() => loadLeadForm().then((LeadForm) => ({ default: LeadForm })));

/** Resolves when the form in `box` comes within 300 px of the screen, or is touched or focused. */
function whenNear(box: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    let stop = () => {};
    const done = () => {
      stop();
      box.removeEventListener("focusin", done);
      box.removeEventListener("pointerdown", done);
      resolve();
    };
    box.addEventListener("focusin", done);
    box.addEventListener("pointerdown", done);
    // The host itself has no box (display: contents): watch the form in it.
    stop = onceNear(box.firstElementChild ?? box, "300px", done);
  });
}

/**
 * What the visitor typed into the server's form before the script took over: the fields a person
 * sees (not the hidden ones, not the honeypot hidden from people). This module stays free of the
 * form's own modules, which pull in the validators.
 */
function typedValues(box: HTMLElement): Record<string, string> | undefined {
  const values: Record<string, string> = {};
  for (const field of box.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input[name], textarea[name]")) {
    if (field.type === "hidden" || field.type === "file" || field.closest('[aria-hidden="true"]')) continue;
    if (field instanceof HTMLInputElement && field.type === "checkbox") {
      if (field.checked) values[field.name] = field.value;
    } else if (field.value !== "") {
      values[field.name] = field.value;
    }
  }
  return Object.keys(values).length > 0 ? values : undefined;
}

// Hydration keeps whatever HTML the server put inside an element with this (unchanging) prop.
const KEEP_SERVER_HTML = { __html: "" };

/**
 * The lead form of the modals and the truck page, kept out of the first-view JavaScript.
 *
 * The server renders the form in full; it works as a plain form without JavaScript. A form that
 * came with the page's HTML stays that server-rendered form through hydration — its host keeps
 * the server's markup (React does not look inside an element set by dangerouslySetInnerHTML) —
 * until it comes near the screen or is touched; then the chunk loads and the full form replaces
 * it, with the same markup and whatever was already typed. (A suspended React.lazy would keep
 * the HTML too, but any update reaching the still-dehydrated boundary — opening another modal —
 * would switch it to client rendering and blank it.) A form opened later loads its chunk at once.
 * Memoised, so a parent's re-render with the same props does not reach the form.
 */
export const LazyLeadForm = memo(function LazyLeadForm(props: LeadFormProps) {
  const host = useRef<HTMLDivElement>(null);
  // Chosen once per form. `undefined` in the browser: keep the server's HTML until needed.
  const [Form, setForm] = useState<FormComponent | undefined>(() => {
    if (typeof document === "undefined") return ssr.LeadForm;
    if (loaded) return loaded;
    return document.documentElement.hasAttribute("data-hydrated") ? BrowserLeadForm : undefined;
  });
  const [startedFromServerHtml] = useState(() => Form === undefined);
  // What the visitor typed into the server's form and where the focus was, read once as the full
  // form first renders; that render and its commit run in one go, so no keystroke falls between.
  const handover = useRef<{ values?: Record<string, string>; focused?: string }>();

  useEffect(() => {
    if (Form || !host.current) return;
    const box = host.current;
    let cancelled = false;
    void whenNear(box)
      .then(loadLeadForm)
      .then((LeadForm) => {
        if (!cancelled) setForm(() => LeadForm);
      });
    return () => {
      cancelled = true;
    };
  }, [Form]);

  useEffect(() => {
    // The field the visitor was in keeps the focus across the swap.
    const name = handover.current?.focused;
    if (Form && name) host.current?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)?.focus();
  }, [Form]);

  if (!Form) return <div ref={host} key="server" className="lead-form-host" suppressHydrationWarning dangerouslySetInnerHTML={KEEP_SERVER_HTML} />;
  // Until this render commits, the host is still the one holding the server's form.
  const serverBox = startedFromServerHtml ? host.current : null;
  if (serverBox && !handover.current) {
    const active = document.activeElement;
    handover.current = { values: typedValues(serverBox), focused: active && serverBox.contains(active) ? (active.getAttribute("name") ?? undefined) : undefined };
  }
  return (
    <div ref={host} key="browser" className="lead-form-host">
      <Suspense fallback={null}>
        <Form {...props} defaultValues={handover.current?.values ?? props.defaultValues} />
      </Suspense>
    </div>
  );
});
