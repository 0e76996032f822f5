import { useLocation, useSearchParams } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { closeModalHref, isModalName, MODALS, MODAL_PARAM } from "~/lib/modal";
import { Modal } from "./ui/modal";

// The form and its validators (remix-validated-form, zod, the phone mask) load with the first
// modal a visitor opens, not with every page.
const LeadForm = lazy(() => import("./forms/lead-form").then((m) => ({ default: m.LeadForm })));

/** Renders the modal named in the URL, on any page, on the server and in the browser alike. */
export function ModalOutlet() {
  const [params] = useSearchParams();
  const location = useLocation();
  const name = params.get(MODAL_PARAM);
  if (!isModalName(name)) return null;
  return (
    <Modal title={MODALS[name]}>
      <Suspense fallback={<p className="muted">Загружаем форму…</p>}>
        <LeadForm form={name} page={closeModalHref(location.pathname, location.search)} />
      </Suspense>
    </Modal>
  );
}
