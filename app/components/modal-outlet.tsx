import { useLocation, useSearchParams } from "@remix-run/react";
import { closeModalHref, isModalName, MODALS, MODAL_PARAM } from "~/lib/modal";
import { DeferredLeadForm } from "./forms/deferred-lead-form";
import { Modal } from "./ui/modal";

/** Renders the modal named in the URL, on any page, on the server and in the browser alike. */
export function ModalOutlet() {
  const [params] = useSearchParams();
  const location = useLocation();
  const name = params.get(MODAL_PARAM);
  if (!isModalName(name)) return null;
  return (
    <Modal title={MODALS[name]}>
      {/* The form's code loads with the first modal a visitor opens, not with every page. */}
      <DeferredLeadForm form={name} page={closeModalHref(location.pathname, location.search)} />
    </Modal>
  );
}
