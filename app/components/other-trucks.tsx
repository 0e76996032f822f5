import { Link } from "@remix-run/react";
import type { Availability } from "~/content";
import { Carousel } from "./carousel";
import { PartImage } from "./part-image";
import { TruckPrice } from "./truck-price";

export interface OtherTruck {
  slug: string;
  name: string;
  image: string;
  formula: string;
  /** 'цена от'; unset: 'Цена по запросу'. */
  price?: number;
  availability: Availability;
}

/** The other models of the same type, in a carousel under a truck's page, priced like the truck lists. */
export function OtherTrucks({ typeSlug, trucks }: { typeSlug: string; trucks: OtherTruck[] }) {
  return (
    <section className="truck-section">
      <h2 id="others-title">Другие модели</h2>
      <Carousel label="Другие модели" variant="trucks">
        {trucks.map((other) => (
          <Link key={other.slug} to={`/catalog/trucks/${typeSlug}/${other.slug}`} className="mini-card truck-mini">
            <PartImage src={other.image} alt={other.name} width={800} height={600} />
            <span className="mini-card__name">{other.name}</span>
            <span className="truck-mini__formula">Колесная формула {other.formula}</span>
            <TruckPrice price={other.price} availability={other.availability} />
          </Link>
        ))}
      </Carousel>
    </section>
  );
}
