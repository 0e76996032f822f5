import { useSearchParams } from "@remix-run/react";
import { SITE } from "~/data/site";
import { isModalName, MODALS, MODAL_PARAM } from "~/lib/modal";
import { Modal } from "./ui/modal";

/** Renders the modal named in the URL, on any page, on the server and in the browser alike. */
export function ModalOutlet() {
  const [params] = useSearchParams();
  const name = params.get(MODAL_PARAM);
  if (!isModalName(name)) return null;
  return (
    <Modal title={MODALS[name]}>
      <p>
        Позвоните нам: <a href={`tel:${SITE.phone.tel}`}>{SITE.phone.display}</a>
      </p>
    </Modal>
  );
}
