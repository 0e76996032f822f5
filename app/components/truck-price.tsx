import type { Availability } from "~/content";
import { formatRubWhole } from "~/lib/format";

const AVAILABILITY_CLASS: Record<Availability, string> = {
  "В наличии": "in-stock",
  "В пути": "on-the-way",
  "Под заказ": "to-order",
};

/** A model's 'цена от' (or 'Цена по запросу' when the dealer set none) and its availability. */
export function TruckPrice({
  price,
  availability,
  size = "card",
}: {
  price?: number;
  availability: Availability;
  size?: "card" | "page";
}) {
  return (
    <div className={`truck-price truck-price--${size}`} data-testid="truck-price">
      <p className="truck-price__amount">
        {price === undefined ? (
          "Цена по запросу"
        ) : (
          <>
            цена от <strong>{formatRubWhole(price)}</strong>
          </>
        )}
      </p>
      <p className={`availability availability--${AVAILABILITY_CLASS[availability]}`} data-testid="availability">
        {availability}
      </p>
    </div>
  );
}
