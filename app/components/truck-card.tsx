import { Link } from "@remix-run/react";
import { PartImage } from "./part-image";
import type { Availability } from "~/content";
import { SavingsBadge } from "./savings-badge";
import { TruckPrice } from "./truck-price";
import type { SitePath } from "~/lib/site-path";

/** What a card of the model range shows of a truck. */
export interface TruckCardData {
  slug: string;
  /** The truck type's slug, the first part of the truck's URL. */
  type: string;
  name: string;
  image: string;
  formula: string;
  stock: number;
  price?: number;
  availability: Availability;
}

function WheelIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

/** One model of the range: picture, wheel formula, the leasing saving, price and availability, a link to its page. */
export function TruckCard({ truck, eager }: { truck: TruckCardData; eager: boolean }) {
  const href: SitePath = `/catalog/trucks/${truck.type}/${truck.slug}`;
  return (
    <article className="truck-card" data-testid="truck-card">
      <Link to={href} className="truck-card__image" tabIndex={-1} aria-hidden="true">
        <PartImage src={truck.image} alt={truck.name} width={800} height={600} eager={eager} />
      </Link>
      <div className="truck-card__body">
        <div className="truck-card__badges">
          <span className="formula-badge" title="Колесная формула">
            <WheelIcon />
            <span className="visually-hidden">Колесная формула </span>
            {truck.formula}
          </span>
          {truck.stock > 0 ? <SavingsBadge amount={truck.stock} /> : null}
        </div>
        <h2 className="truck-card__name">
          <Link to={href}>{truck.name}</Link>
        </h2>
        <TruckPrice price={truck.price} availability={truck.availability} />
        <Link to={href} className="btn btn--outline truck-card__more" aria-label={`Подробнее: ${truck.name}`}>
          Подробнее
        </Link>
      </div>
    </article>
  );
}
