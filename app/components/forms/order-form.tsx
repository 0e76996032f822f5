import { withZod } from "@remix-validated-form/with-zod";
import { useRef, type ReactNode } from "react";
import { ValidatedForm } from "remix-validated-form";
import { DeliveryChoice } from "~/components/delivery-choice";
import type { DeliveryMethod } from "~/lib/delivery";
import { orderSchema } from "~/lib/lead-schemas";
import {
  CheckboxField,
  CommentField,
  ConsentField,
  ErrorSummary,
  FormAlert,
  Honeypot,
  InnField,
  PhoneField,
  TextField,
  useEnhancedMark,
} from "./fields";
import { SubmitButton } from "./lead-form";
import { useCompanyLookup } from "~/utils/use-company-lookup";

const FORM_ID = "order";
const orderValidator = withZod(orderSchema);
/** Said with the labels of the fields an invoice needs (their asterisk shows only once it is asked for). */
const REQUIRED_FOR_INVOICE = "обязательно для счёта";

/**
 * The order form on /make-order, delivery choice included: one plain post to the page's own
 * action, checked as it is typed. `recap` is what the order comes to, shown by the button on a
 * phone (where the summary is below the form).
 */
export function OrderForm({
  orderKey,
  seen,
  delivery,
  onDeliveryChange,
  goodsTotal,
  defaultValues,
  formError,
  recap,
  askCompany = false,
}: {
  /** The form's one-time key (server/order-key.server.ts): the same form sent twice is one order. */
  orderKey: string;
  /** The lines the summary shows (linesSeen): the server takes the order only if they still hold. */
  seen: string;
  delivery: DeliveryMethod;
  onDeliveryChange: (method: DeliveryMethod) => void;
  goodsTotal: number;
  defaultValues?: Record<string, string>;
  formError?: string;
  recap?: ReactNode;
  /** Ask the company's name even with DaData's register: it did not name the company of an invoice. */
  askCompany?: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  useEnhancedMark(formRef);
  const lookup = useCompanyLookup();
  return (
    <ValidatedForm
      id={FORM_ID}
      formRef={formRef}
      validator={orderValidator}
      method="post"
      action="/make-order"
      className="form order__form"
      defaultValues={defaultValues}
      noValidate
    >
      <Honeypot />
      <input type="hidden" name="orderKey" value={orderKey} />
      <input type="hidden" name="seen" value={seen} />
      <ErrorSummary formId={FORM_ID} formError={formError} />
      <div className="form__grid">
        <TextField formId={FORM_ID} name="name" label="ФИО" required autoComplete="name" />
        <PhoneField formId={FORM_ID} />
        <TextField formId={FORM_ID} name="email" label="Email" type="email" inputMode="email" autoComplete="email" />
        <InnField formId={FORM_ID} requiredMark="order__invoice-mark" requiredWhen={REQUIRED_FOR_INVOICE} />
        {/* With DaData's register the ИНН names the company; without it (or when it found none) the customer does, for the invoice. */}
        {lookup && !askCompany ? null : (
          <TextField
            formId={FORM_ID}
            name="companyName"
            label="Название организации или ИП"
            autoComplete="organization"
            requiredMark="order__invoice-mark"
            requiredWhen={REQUIRED_FOR_INVOICE}
          />
        )}
      </div>
      <DeliveryChoice formId={FORM_ID} method={delivery} goodsTotal={goodsTotal} onChange={onDeliveryChange} />
      <CommentField formId={FORM_ID} hint="Например, VIN автомобиля или удобное время доставки" />
      <CheckboxField formId={FORM_ID} name="invoice" label="Нужен счёт на оплату для организации" />
      <ConsentField formId={FORM_ID} />
      <FormAlert message={formError} besideSummary />
      <p className="form__note">
        <span aria-hidden="true">*</span> — обязательные поля. Оплата по счёту или банковской картой (с кассовым чеком)
        после подтверждения заказа менеджером.
      </p>
      {recap}
      <SubmitButton formId={FORM_ID} label="Оформить заказ" />
    </ValidatedForm>
  );
}
