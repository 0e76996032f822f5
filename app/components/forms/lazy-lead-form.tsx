import { lazy, memo, Suspense, useState, type ComponentProps } from "react";
import type { LeadForm as LeadFormComponent } from "./lead-form";
import * as ssr from "./lead-form-ssr.server";

type LeadFormProps = ComponentProps<typeof LeadFormComponent>;

let loaded: typeof LeadFormComponent | undefined;

/**
 * Loads the form's chunk (remix-validated-form, zod, the phone mask). entry.client awaits it
 * before hydrating a page whose HTML already shows a form, so that form hydrates at once.
 */
export function loadLeadForm(): Promise<typeof LeadFormComponent> {
  return import("./lead-form").then((m) => (loaded = m.LeadForm));
}

const BrowserLeadForm = lazy(() => loadLeadForm().then((LeadForm) => ({ default: LeadForm })));

/**
 * The lead form of the modals and the truck page, kept out of the first-view JavaScript of
 * pages that show none. The server renders it in full (it works without JavaScript); in the
 * browser a form opened later loads its chunk then. Memoised, so a parent's re-render with the
 * same props does not reach the form.
 */
export const LazyLeadForm = memo(function LazyLeadForm(props: LeadFormProps) {
  // Chosen once per form: switching component types later would remount it and lose its state.
  const [Form] = useState(() => (typeof document === "undefined" ? ssr.LeadForm : (loaded ?? BrowserLeadForm)));
  return (
    <Suspense fallback={null}>
      <Form {...props} />
    </Suspense>
  );
});
