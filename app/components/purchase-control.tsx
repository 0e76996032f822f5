import { Link, useLocation } from "@remix-run/react";
import { useState } from "react";
import { forSale, type CartIntent, type CartPartInfo } from "~/lib/cart";
import { useCart } from "./cart-provider";

/**
 * 'Купить', or once the part is in the cart a stepper (spec §4). Each button is a real POST to
 * /cart, so it works without JavaScript; with JavaScript the cart changes in place. Without it
 * /cart sends the customer back to the element `anchor` names (the part's row of a list), where
 * the control says the part was added.
 */
export function PurchaseControl({
  part,
  compact = false,
  anchor,
}: {
  part: CartPartInfo;
  compact?: boolean;
  anchor?: string;
}) {
  const { amountOf, change, justAdded } = useCart();
  const location = useLocation();
  const [error, setError] = useState<string>();
  const amount = amountOf(part.id);
  // None of a part without a price: 'Купить' stays disabled.
  const buyable = forSale(part) ?? 0;

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent = (submitter?.value ?? "add") as CartIntent;
    setError(change(intent, part));
  };

  return (
    <form
      method="post"
      action="/cart"
      className={`purchase${compact ? " purchase--compact" : ""}`}
      onSubmit={onSubmit}
      data-testid={`purchase-${part.id}`}
    >
      <input type="hidden" name="id" value={part.id} />
      <input type="hidden" name="returnTo" value={location.pathname + location.search + (anchor ? `#${anchor}` : "")} />
      {amount === 0 ? (
        <button
          type="submit"
          name="intent"
          value="add"
          className="btn btn--primary purchase__buy"
          disabled={buyable <= 0}
        >
          Купить
        </button>
      ) : (
        <div className="stepper" role="group" aria-label={`Количество: ${part.name}`}>
          <button
            type="submit"
            name="intent"
            value="remove"
            className="stepper__btn"
            disabled={amount <= 0}
            aria-label="Уменьшить количество"
          >
            −
          </button>
          <output className="stepper__value" aria-live="polite">
            {amount}
          </output>
          <button
            type="submit"
            name="intent"
            value="add"
            className="stepper__btn"
            disabled={amount >= buyable}
            aria-label="Увеличить количество"
          >
            +
          </button>
        </div>
      )}
      {error ? (
        <p className="purchase__error" role="alert">
          {error}
        </p>
      ) : justAdded === part.id && amount > 0 && location.pathname !== "/cart" ? (
        <p className="purchase__added" role="status">
          Добавлено в корзину. <Link to="/cart">Перейти в корзину</Link>
        </p>
      ) : null}
    </form>
  );
}
