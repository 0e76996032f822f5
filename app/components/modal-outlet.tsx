import { useLocation, useMatches, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { lazy } from "react";
import { leasingStart } from "~/lib/leasing";
import { closeModalHref, isModalName, MODAL_PARAM, modalTitle, type ModalSubjectHandle } from "~/lib/modal";
import { deskForPage } from "~/lib/desk";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { LazyBoundary } from "./lazy-boundary";
import { ModalAside } from "./modal-aside";
import { Modal } from "./ui/modal";

// The form and its validators (remix-validated-form, zod, the phone mask) load with the first
// modal a visitor opens, not with every page.
const LeadForm = lazy(() => import("./forms/lead-form").then((m) => ({ default: m.LeadForm })));
const LeasingLead = lazy(() => import("./forms/leasing-lead").then((m) => ({ default: m.LeasingLead })));

/**
 * Renders the modal named in the URL, on any page, on the server and in the browser alike: the
 * form (the leasing one with its calculator, whose values live in the URL without JavaScript)
 * and, beside it on a desktop, the department's phone and what happens next.
 */

export function ModalOutlet() {
  const [params] = useSearchParams();
  const location = useLocation();
  const matches = useMatches();
  // On a truck's page, the model's 'цена от' (when the dealer set one) is where the calculation starts.
  const truck = useRouteLoaderData<{ truck?: { price?: number } }>("routes/catalog.trucks.$categorySlug.$slug")?.truck;
  const name = params.get(MODAL_PARAM);
  if (!isModalName(name)) return null;
  const subject = matches
    .map((match) => (match.handle as Partial<ModalSubjectHandle> | undefined)?.modalSubject?.(match.data))
    .find(Boolean);
  // A comment the link filled in for the visitor (the part asked about), kept to a sane length.
  const comment = params.get("comment")?.slice(0, 500);
  // The lead's source: the page, or the page a link names (a part of the list asked about).
  const page = safeRedirectPath(params.get("source"), closeModalHref(location.pathname, location.search));
  return (
    <Modal title={modalTitle(name, subject, params.get("part")?.slice(0, 200))}>
      <div className="modal-layout">
        <div className="modal-layout__main">
          <LazyBoundary>
            {name === "leasing" ? (
              <LeasingLead
                page={page}
                initial={leasingStart(params, truck)}
                priceOnRequest={Boolean(truck && !truck.price)}
                truckName={subject}
              />
            ) : (
              <LeadForm form={name} page={page} defaultValues={comment ? { comment } : undefined} />
            )}
          </LazyBoundary>
        </div>
        <ModalAside modal={name} desk={deskForPage(page)} />
      </div>
    </Modal>
  );
}
