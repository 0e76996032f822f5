/** The lead form for the server render only: in the browser this module is empty (see lazy-lead-form.tsx). */
export { LeadForm } from "./lead-form";
