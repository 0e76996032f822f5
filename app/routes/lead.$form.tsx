import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { LeadForm } from "~/components/forms/lead-form";
import { LeasingLead } from "~/components/forms/leasing-lead";
import { ModalAside } from "~/components/modal-aside";
import { leasingStart } from "~/lib/leasing";
import { isLeadFormName, LEAD_FORMS } from "~/lib/lead-forms";
import { isModalName, modalTitle } from "~/lib/modal";
import { deskForPage } from "~/lib/desk";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { truckOfPage } from "~/lib/truck-page";
import { pageMeta } from "~/lib/seo";
import { handleLeadAction } from "~server/lead-action.server";
import "~/components/site-frame"; // the frame's code as one script with this page (decision 013)

/**
 * Each lead form's own page and its action. Modals post here; without JavaScript a refused
 * submission comes back to this page with the errors and everything typed. (With JavaScript
 * the parts-list upload posts to /api/lead-upload instead, for its progress bar.)
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  if (!isLeadFormName(params.form)) throw redirect("/not-found");
  const page = safeRedirectPath(new URL(request.url).searchParams.get("page"));
  // The model a leasing request is about (its page is in the URL of a recalculation, too).
  const truck = truckOfPage(page);
  return json({ form: params.form, page, truck: truck ? { name: truck.name, price: truck.price } : null });
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  if (!isLeadFormName(params.form)) return json({ formError: "Такой формы нет" }, { status: 404 });
  return handleLeadAction(request, context, params.form, "document");
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: data ? LEAD_FORMS[data.form].title : "Заявка",
    description: "Оставьте заявку — менеджер перезвонит в рабочее время.",
    noindex: true,
  });

type ActionData = { formError?: string; values?: Record<string, string>; repopulateFields?: Record<string, string> };

/**
 * The modal's form as a page (where a post without JavaScript lands), laid out like the modal;
 * the leasing form keeps the calculation it was sent with.
 */
export default function LeadPage() {
  const { form, page, truck } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const { search } = useLocation();
  const values = actionData?.values ?? actionData?.repopulateFields;
  const from = safeRedirectPath(values?.page ?? page);
  const lead = { page: from, defaultValues: actionData?.values, serverError: actionData?.formError, inPage: true };
  return (
    <div className="container page">
      {/* The modal's title: the price request names the truck it is about, as in the modal. */}
      <h1>{form === "price" ? modalTitle(form, truck?.name) : LEAD_FORMS[form].title}</h1>
      <div className="modal-layout modal-layout--page">
        <div className="modal-layout__main">
          {form === "leasing" ? (
            <LeasingLead
              {...lead}
              initial={leasingStart(
                values ? new Map(Object.entries(values)) : new URLSearchParams(search),
                truck ?? undefined,
              )}
              priceOnRequest={Boolean(truck && !truck.price)}
              truckName={truck?.name}
              headingLevel="h2"
            />
          ) : (
            <LeadForm form={form} {...lead} />
          )}
        </div>
        {isModalName(form) ? <ModalAside modal={form} desk={deskForPage(from)} headingLevel="h2" /> : null}
      </div>
    </div>
  );
}
