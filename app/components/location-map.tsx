import { yandexMapsLink, type Location } from "~/data/site";
import { PinIcon } from "./icons";

/**
 * The map box. Until a map script runs (no key, no JavaScript, or not yet loaded) it shows the
 * address and a link to Yandex Maps at the point, never an empty box.
 */
export function LocationMap({ location, className = "" }: { location: Location; className?: string }) {
  return (
    <div className={`map ${className}`} data-testid="map">
      <div className="map__fallback">
        <PinIcon size={28} />
        <p className="map__address">{location.address}</p>
        <a className="map__link" href={yandexMapsLink(location.coordinates)} target="_blank" rel="noopener noreferrer">
          Открыть в Яндекс Картах
        </a>
      </div>
    </div>
  );
}
