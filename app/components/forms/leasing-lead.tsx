import { useState } from "react";
import { LEASING } from "~/content";
import { estimateLeasing, leasingFields, leasingSummary, readLeasing, type LeasingValues } from "~/lib/leasing";
import { LeasingCalculator } from "../leasing-calculator";
import { LeadForm, type LeadFormProps } from "./lead-form";
import "~/components/site-frame"; // loaded after the frame: its shared code stays in the frame's script (decision 013)

/**
 * The leasing request: the calculator, then the lead form, which carries the calculation shown
 * (while it is valid) for the lead's comment. Opened from a truck's page it names the model.
 */
export function LeasingLead({
  initial,
  action,
  keep,
  truckName,
  headingLevel: Heading = "h3",
  ...lead
}: Omit<LeadFormProps, "form" | "attachment"> & {
  initial: LeasingValues;
  action: string;
  keep: [string, string][];
  truckName?: string;
  /** h3 under the modal's h2 title; h2 on the form's own page, under its h1. */
  headingLevel?: "h2" | "h3";
}) {
  const [values, setValues] = useState(initial);
  const { input } = readLeasing(values);
  const attachment = input
    ? {
        fields: leasingFields(input),
        note: leasingSummary(input, estimateLeasing(input, LEASING.annualRatePercent), truckName),
      }
    : undefined;
  return (
    <div className="leasing-lead">
      <LeasingCalculator
        values={values}
        onChange={setValues}
        action={action}
        keep={keep}
        title={truckName ? `Расчет платежа: ${truckName}` : "Расчет платежа"}
        headingLevel={Heading}
      />
      <Heading className="leasing-lead__title">Заявка на лизинг</Heading>
      <LeadForm form="leasing" attachment={attachment} {...lead} />
    </div>
  );
}
