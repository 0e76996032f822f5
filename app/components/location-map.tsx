import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState, type ComponentType } from "react";
import type { Location } from "~/content";
import { yandexMapsLink, yandexMapWidgetUrl } from "~/data/site";
import { onceNear } from "~/utils/once-near";
import { PinIcon } from "./icons";
import type { YandexMapProps } from "./yandex-map";

/**
 * A map box: the map, and under it the address with an 'Открыть в Яндекс Картах' link, which stay
 * whatever becomes of the map. Without a Maps API key the map is Yandex's embeddable widget (an
 * iframe); with a key and JavaScript, the JS API map. Either loads only as the box comes near the
 * screen.
 */
export function LocationMap({
  location,
  className = "",
  isStatic = false,
}: {
  location: Location;
  className?: string;
  isStatic?: boolean;
}) {
  const apiKey = (useRouteLoaderData("root") as { yandexMapsApiKey?: string | null } | undefined)?.yandexMapsApiKey;
  return (
    <div className={`map${isStatic ? " map--static" : ""} ${className}`} data-testid="map">
      {apiKey ? <ApiMap apiKey={apiKey} location={location} isStatic={isStatic} /> : <WidgetMap location={location} />}
      <p className="map__caption">
        <PinIcon size={18} />
        <span className="map__address">{location.address}</span>
        <a className="map__link" href={yandexMapsLink(location.coordinates)} target="_blank" rel="noopener noreferrer">
          Открыть в Яндекс Картах
        </a>
      </p>
    </div>
  );
}

/**
 * Yandex's embeddable map: an iframe of yandex.ru. With JavaScript it is put in once the box comes
 * near the screen, so it never competes with the page's own first load; without JavaScript the
 * browser's own lazy loading does the same from the <noscript> copy.
 */
function WidgetMap({ location }: { location: Location }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    return onceNear(box, "300px", () => setNear(true));
  }, []);

  const frame = (
    <iframe
      className="map__frame"
      src={yandexMapWidgetUrl(location.coordinates)}
      title={`Яндекс Карта: ${location.name}, ${location.address}`}
      loading="lazy"
      data-testid="map-widget"
    />
  );
  return (
    <div ref={ref} className="map__view">
      {near ? frame : <noscript>{frame}</noscript>}
    </div>
  );
}

/** The JS API 2.1 map: its code is imported when the box comes near the screen, and fades in when ready. */
function ApiMap({ apiKey, location, isStatic }: { apiKey: string; location: Location; isStatic: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const [MapImpl, setMapImpl] = useState<ComponentType<YandexMapProps> | null>(null);
  const [state, setState] = useState<"none" | "loading" | "ready">("none");

  useEffect(() => {
    const box = ref.current;
    if (!box || typeof IntersectionObserver === "undefined") return;
    return onceNear(box, "300px", () => {
      setState("loading");
      import("./yandex-map").then((module) => setMapImpl(() => module.default)).catch(() => setState("none"));
    });
  }, []);

  return (
    <div ref={ref} className={`map__view map__view--api${state === "ready" ? " is-ready" : ""}`}>
      {MapImpl && state !== "none" ? (
        <MapImpl
          apiKey={apiKey}
          center={location.coordinates}
          title={location.name}
          static={isStatic}
          onLoad={() => setState("ready")}
          onError={() => {
            setMapImpl(null);
            setState("none");
          }}
        />
      ) : null}
    </div>
  );
}
