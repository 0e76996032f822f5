import { lazy, type ComponentProps } from "react";
import { LazyBoundary } from "../lazy-boundary";

// The form's libraries (remix-validated-form, zod, the phone mask; ≈ 40 KB gzip) are not among a
// page's own scripts: they are fetched when a form is first rendered in the browser, after the
// page has hydrated. The server renders the form whole, and React keeps that HTML until the code is
// there, so the form works as a plain HTML form meanwhile, as it does without JavaScript.
const LeadForm = lazy(() => import("./lead-form").then((m) => ({ default: m.LeadForm })));

/** `LeadForm` with its code loaded on its own. */
export function DeferredLeadForm(props: ComponentProps<typeof LeadForm>) {
  return (
    <LazyBoundary>
      <LeadForm {...props} />
    </LazyBoundary>
  );
}
