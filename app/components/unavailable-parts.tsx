import { Link } from "@remix-run/react";
import type { UnavailableLine } from "~/lib/cart-lines";

/**
 * The cart's parts that cannot be bought now (sold out, unpriced), each with why: on the cart, and
 * on the order form, which leaves them out of the order. Nothing when there are none.
 */
export function UnavailableParts({ lines, title }: { lines: readonly UnavailableLine[]; title: string }) {
  if (lines.length === 0) return null;
  return (
    <div className="unavailable-parts" data-testid="unavailable-parts">
      <p>{title}</p>
      <ul>
        {lines.map((line) => (
          <li key={line.id}>
            <Link to={`/catalog/parts/${line.slug}`}>{line.name}</Link> —{" "}
            {line.reason === "unpriced" ? "цена по запросу, уточните её у менеджера" : "нет в наличии"}
          </li>
        ))}
      </ul>
    </div>
  );
}
