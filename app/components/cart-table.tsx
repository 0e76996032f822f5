import { Link } from "@remix-run/react";
import type { CartLine } from "~/lib/cart-lines";
import { formatRub } from "~/lib/format";
import { useCart } from "./cart-provider";
import { PartImage } from "./part-image";
import { PurchaseControl } from "./purchase-control";

/**
 * The cart's lines: name, stock, price, the purchase control, the line's sum and a remove button.
 * Each button is a POST to /cart without JavaScript; with it, the cart changes in place.
 */
export function CartTable({ lines }: { lines: CartLine[] }) {
  return (
    <div className="table-wrap">
      <table className="cart-table">
        <caption className="visually-hidden">Товары в корзине</caption>
        <thead>
          <tr>
            <th scope="col">Наименование</th>
            <th scope="col">В наличии</th>
            <th scope="col">Цена</th>
            <th scope="col">Количество</th>
            <th scope="col">Сумма</th>
            <th scope="col">
              <span className="visually-hidden">Удалить</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id} data-testid={`cart-line-${line.id}`}>
              <td data-label="Наименование">
                <div className="cart-table__name">
                  <PartImage src={line.image} alt="" width={64} height={48} />
                  <div>
                    <Link to={`/catalog/parts/${line.slug}`}>{line.name}</Link>
                    <div className="muted">Артикул: {line.article || "-"}</div>
                  </div>
                </div>
              </td>
              <td data-label="В наличии">{line.balance} ед.</td>
              <td data-label="Цена">{formatRub(line.price)}</td>
              <td data-label="Количество">
                <PurchaseControl part={line} compact />
              </td>
              <td data-label="Сумма" data-testid="line-sum">
                {formatRub(line.price * line.amount)}
              </td>
              <td>
                <form method="post" action="/cart" onSubmit={(e) => e.preventDefault()}>
                  <RemoveButton line={line} />
                </form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RemoveButton({ line }: { line: { id: string; name: string; price: number; balance: number } }) {
  const { change } = useCart();
  return (
    <>
      <input type="hidden" name="id" value={line.id} />
      <input type="hidden" name="returnTo" value="/cart" />
      <button
        type="submit"
        name="intent"
        value="delete"
        className="icon-btn"
        aria-label={`Удалить ${line.name}`}
        onClick={(event) => {
          event.preventDefault();
          change("delete", line);
        }}
      >
        ×
      </button>
    </>
  );
}
