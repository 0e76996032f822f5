import { Form, useSubmit } from "@remix-run/react";
import { deliveryCost, deliveryCostText, DELIVERY_METHODS, type DeliveryMethod } from "~/lib/delivery";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * The delivery method on /make-order, kept in the URL (?delivery=): a GET form whose 'Выбрать'
 * recalculates the summary without JavaScript; with it, a choice recalculates at once. The order
 * form sends the method in a hidden field.
 */
export function DeliveryChoice({ method, goodsTotal }: { method: DeliveryMethod; goodsTotal: number }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  return (
    <Form
      method="get"
      action="/make-order"
      className="delivery-choice"
      preventScrollReset
      onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}
    >
      <fieldset>
        <legend className="field__label">Способ получения</legend>
        {DELIVERY_METHODS.map((option) => (
          <label key={option.id} className="radio">
            <input type="radio" name="delivery" value={option.id} defaultChecked={option.id === method} />
            <span>
              {option.label} — {deliveryCostText(deliveryCost(option.id, goodsTotal))}
            </span>
          </label>
        ))}
      </fieldset>
      {hydrated ? null : (
        <button type="submit" className="btn btn--outline">
          Выбрать
        </button>
      )}
    </Form>
  );
}
