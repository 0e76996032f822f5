import { useState } from "react";
import { LEASING } from "~/content";
import { LEAD_FORMS } from "~/lib/lead-forms";
import { estimateLeasing, leasingSummary, readLeasing, type LeasingValues } from "~/lib/leasing";
import { LeasingCalculator } from "../leasing-calculator";
import { LeadForm, type LeadFormProps } from "./lead-form";
import "~/components/site-frame"; // loaded after the frame: its shared code stays in the frame's script (decision 013)

const FORM_ID = "lead-leasing";

/**
 * The leasing request: the calculator, then the lead form. The calculator's fields belong to the
 * lead form, so the figures the visitor sees typed are the lead's, with or without JavaScript
 * and whether 'Рассчитать' was pressed or not; the server works the calculation out again for the
 * comment. Without JavaScript 'Рассчитать' posts the form back to /lead/leasing, which shows it
 * again with the figures and everything typed. Opened from a truck's page it names the model; a
 * model whose price is on request starts without a price.
 */
export function LeasingLead({
  initial,
  truckName,
  priceOnRequest,
  headingLevel: Heading = "h3",
  ...lead
}: Omit<LeadFormProps, "form" | "attachment"> & {
  initial: LeasingValues;
  truckName?: string;
  priceOnRequest?: boolean;
  /** h3 under the modal's h2 title; h2 on the form's own page, under its h1. */
  headingLevel?: "h2" | "h3";
}) {
  const [values, setValues] = useState(initial);
  const { input } = readLeasing(values);
  const attachment = input
    ? { note: leasingSummary(input, estimateLeasing(input, LEASING.annualRatePercent), truckName) }
    : undefined;
  return (
    <div className="leasing-lead">
      <LeasingCalculator
        values={values}
        onChange={setValues}
        action={`/lead/leasing?page=${encodeURIComponent(lead.page)}`}
        keep={[]}
        leadFormId={FORM_ID}
        leadSubmitLabel={LEAD_FORMS.leasing.submit}
        priceOnRequest={priceOnRequest}
        title={truckName ? `Расчет платежа: ${truckName}` : "Расчет платежа"}
        headingLevel={Heading}
      />
      <Heading className="leasing-lead__title">Заявка на лизинг</Heading>
      <LeadForm form="leasing" attachment={attachment} {...lead} />
    </div>
  );
}
