import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { loadLeadForm } from "./components/forms/lazy-lead-form";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

// A page whose HTML shows a lead form (a modal, the truck page's buy form) gets the form's
// chunk first, so the form hydrates with the page; other pages load it when a form opens.
const formReady: Promise<unknown> = document.querySelector('form[action^="/lead/"]') ? loadLeadForm().catch(() => undefined) : Promise.resolve();

void formReady.then(hydrate);
