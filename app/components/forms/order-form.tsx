import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm } from "remix-validated-form";
import type { DeliveryMethod } from "~/lib/delivery";
import { orderSchema } from "~/lib/lead-schemas";
import {
  CheckboxField,
  CommentField,
  ConsentField,
  FormAlert,
  Honeypot,
  InnField,
  PhoneField,
  TextField,
} from "./fields";
import { SubmitButton } from "./lead-form";

const FORM_ID = "order";
const orderValidator = withZod(orderSchema);

/** The order form on /make-order: a plain post to the page's own action, checked as it is typed. */
export function OrderForm({
  delivery,
  defaultValues,
  formError,
}: {
  /** Chosen above the form (components/delivery-choice.tsx). */
  delivery: DeliveryMethod;
  defaultValues?: Record<string, string>;
  formError?: string;
}) {
  return (
    <ValidatedForm
      id={FORM_ID}
      validator={orderValidator}
      method="post"
      className="form order__form"
      defaultValues={defaultValues}
      noValidate
    >
      <Honeypot />
      <input type="hidden" name="delivery" value={delivery} />
      <div className="form__grid">
        <TextField formId={FORM_ID} name="name" label="ФИО" required autoComplete="name" />
        <PhoneField formId={FORM_ID} />
        <TextField formId={FORM_ID} name="email" label="Email" type="email" inputMode="email" autoComplete="email" />
        <TextField formId={FORM_ID} name="city" label="Город" autoComplete="address-level2" />
        <InnField formId={FORM_ID} />
      </div>
      <CommentField formId={FORM_ID} hint="Например, VIN автомобиля или удобное время доставки" />
      <CheckboxField formId={FORM_ID} name="invoice" label="Нужен счёт на оплату для организации" />
      <ConsentField formId={FORM_ID} />
      <FormAlert message={formError} />
      <p className="form__note">
        <span aria-hidden="true">*</span> — обязательные поля. Оплата безналичная или переводом на карту после
        подтверждения заказа менеджером.
      </p>
      <SubmitButton formId={FORM_ID} label="Оформить заказ" />
    </ValidatedForm>
  );
}
