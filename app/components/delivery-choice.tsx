import { useField, useFormContext } from "remix-validated-form";
import { FieldShell, TextField } from "~/components/forms/fields";
import {
  CARRIERS,
  deliveryCost,
  deliveryCostText,
  DELIVERY_METHODS,
  OTHER_CARRIER,
  type DeliveryMethod,
} from "~/lib/delivery";
import { RECALCULATE_INTENT } from "~/lib/form-intents";
import { useHydrated } from "~/utils/use-hydrated";

/** The fields only one method asks for: their messages go when the customer picks another. */
const METHOD_FIELDS = ["address", "carrier", "carrierName", "city"];

/**
 * The delivery method and where the order goes, inside the order form: 'Оформить заказ' sends
 * the method the customer sees chosen. The stylesheet shows the address for a courier, the
 * transport company (and the name of another one) for a transport company, with or without
 * JavaScript; the schema asks for them only then. Without JavaScript 'Пересчитать' posts the
 * whole form back (nothing is sent, everything typed comes back) to show the method's cost; with
 * it the summary follows each choice at once.
 */
export function DeliveryChoice({
  formId,
  method,
  goodsTotal,
  onChange,
}: {
  formId: string;
  method: DeliveryMethod;
  goodsTotal: number;
  onChange: (method: DeliveryMethod) => void;
}) {
  const hydrated = useHydrated();
  const { clearError } = useFormContext(formId);
  return (
    <div className="delivery-choice">
      <fieldset>
        <legend className="field__label">Способ получения</legend>
        {DELIVERY_METHODS.map((option) => (
          <label key={option.id} className="radio">
            <input
              type="radio"
              name="delivery"
              value={option.id}
              defaultChecked={option.id === method}
              onChange={() => {
                clearError(...METHOD_FIELDS);
                onChange(option.id);
              }}
            />
            <span>
              {option.label} — {deliveryCostText(deliveryCost(option.id, goodsTotal))}
            </span>
          </label>
        ))}
      </fieldset>
      {hydrated ? null : (
        // Enter in a field sends a form by its first submit button: without this one, the
        // recalculation below would be it, and Enter would only recalculate. Hidden from sight,
        // from Tab and from screen readers; with JavaScript there is no recalculation button.
        <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          Оформить заказ
        </button>
      )}
      {hydrated ? null : (
        <button
          type="submit"
          name="intent"
          value={RECALCULATE_INTENT}
          formAction={`/make-order?intent=${RECALCULATE_INTENT}`}
          formNoValidate
          className="btn btn--outline"
        >
          Пересчитать стоимость
        </button>
      )}
      <TextField
        formId={formId}
        name="address"
        label="Адрес доставки"
        required={method === "courier"}
        requiredMark="delivery-choice__mark"
        className="delivery-choice__courier"
        autoComplete="address-line1"
        maxLength={500}
      />
      <div className="delivery-choice__transport form__grid">
        <CarrierField formId={formId} required={method === "transport"} />
        <TextField
          formId={formId}
          name="carrierName"
          label="Название транспортной компании"
          required={method === "transport"}
          requiredMark="delivery-choice__mark"
          className="delivery-choice__other"
        />
      </div>
      <TextField
        formId={formId}
        name="city"
        label="Город"
        required={method === "transport"}
        requiredMark="delivery-choice__city-mark"
        autoComplete="address-level2"
      />
    </div>
  );
}

function CarrierField({ formId, required }: { formId: string; required: boolean }) {
  const { error, getInputProps } = useField("carrier", {
    validationBehavior: { initial: "onChange", whenTouched: "onChange", whenSubmitted: "onChange" },
  });
  const { clearError } = useFormContext(formId);
  const id = `${formId}-carrier`;
  return (
    <FieldShell id={id} label="Транспортная компания" requiredMark="delivery-choice__mark" error={error}>
      <select
        {...getInputProps({ id, onChange: () => clearError("carrierName") })}
        onBlur={undefined}
        className="field__input"
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">Выберите компанию</option>
        {[...CARRIERS, OTHER_CARRIER].map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
