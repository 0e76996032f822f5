import { Link } from "@remix-run/react";
import { deliveryCostText } from "~/lib/delivery";
import { formatRub } from "~/lib/format";

export interface OrderLinesLine {
  id: string;
  name: string;
  /** Undefined for a line kept before articles were recorded: no article line then. */
  article?: string;
  price: number;
  amount: number;
  /** The part's page; without one the name is plain text. */
  slug?: string;
}

export interface OrderLinesDelivery {
  label: string;
  cost: number;
  address?: string;
  carrier?: string;
  city?: string;
}

/**
 * A placed order as the customer sees it on /order-success and /order-status: its lines, the
 * delivery (method and cost, address or transport company) and the total with the delivery.
 */
export function OrderLines({
  lines,
  delivery,
  total,
}: {
  lines: readonly OrderLinesLine[];
  /** Null for an order kept before the delivery choice existed. */
  delivery?: OrderLinesDelivery | null;
  total: number;
}) {
  return (
    <>
      <div className="table-wrap">
        <table className="cart-table order-done__lines">
          <thead>
            <tr>
              <th scope="col">Наименование</th>
              <th scope="col">Цена</th>
              <th scope="col">Количество</th>
              <th scope="col">Сумма</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.id} data-testid={`order-line-${line.id}`}>
                <td data-label="Наименование">
                  {line.slug ? <Link to={`/catalog/parts/${line.slug}`}>{line.name}</Link> : line.name}
                  {line.article !== undefined ? <div className="muted">Артикул: {line.article || "-"}</div> : null}
                </td>
                <td data-label="Цена">{formatRub(line.price)}</td>
                <td data-label="Количество" data-testid="line-amount">
                  {line.amount} шт.
                </td>
                <td data-label="Сумма">{formatRub(line.price * line.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {delivery?.label ? (
        <div className="order-done__delivery">
          <p data-testid="order-delivery">
            {delivery.label}: {deliveryCostText(delivery.cost)}
          </p>
          {delivery.address ? <p data-testid="order-address">Адрес доставки: {delivery.address}</p> : null}
          {delivery.carrier ? (
            <p data-testid="order-carrier">
              Транспортная компания: {delivery.carrier}
              {delivery.city ? `, город получения: ${delivery.city}` : ""}
            </p>
          ) : null}
        </div>
      ) : null}
      <p className="order__total order-done__total">
        Итого: <strong data-testid="order-total">{formatRub(total)}</strong>
      </p>
    </>
  );
}
