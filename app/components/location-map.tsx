import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState, type ComponentType } from "react";
import { yandexMapsLink, type Location } from "~/data/site";
import { onceNear } from "~/utils/once-near";
import { PinIcon } from "./icons";
import type { YandexMapProps } from "./yandex-map";

/**
 * A map box. It always holds the address and an 'Открыть в Яндекс Картах' link, which is all a
 * visitor gets without a key, without JavaScript or when the maps script cannot load. With a key
 * and JavaScript the Yandex map is loaded once the box comes near the viewport and covers it.
 */
export function LocationMap({ location, className = "", isStatic = false }: { location: Location; className?: string; isStatic?: boolean }) {
  const apiKey = (useRouteLoaderData("root") as { yandexMapsApiKey?: string | null } | undefined)?.yandexMapsApiKey;
  const ref = useRef<HTMLDivElement>(null);
  const [MapImpl, setMapImpl] = useState<ComponentType<YandexMapProps> | null>(null);
  const [state, setState] = useState<"fallback" | "loading" | "ready">("fallback");

  useEffect(() => {
    const box = ref.current;
    if (!apiKey || !box || typeof IntersectionObserver === "undefined") return;
    return onceNear(box, "300px", () => {
      setState("loading");
      import("./yandex-map").then((module) => setMapImpl(() => module.default)).catch(() => setState("fallback"));
    });
  }, [apiKey]);

  return (
    <div ref={ref} className={`map ${state === "ready" ? "is-ready " : ""}${className}`} data-testid="map">
      <div className="map__fallback">
        <PinIcon size={28} />
        <p className="map__address">{location.address}</p>
        <a className="map__link" href={yandexMapsLink(location.coordinates)} target="_blank" rel="noopener noreferrer">
          Открыть в Яндекс Картах
        </a>
      </div>
      {MapImpl && apiKey && state !== "fallback" ? (
        <MapImpl
          apiKey={apiKey}
          center={location.coordinates}
          title={location.name}
          static={isStatic}
          onLoad={() => setState("ready")}
          onError={() => {
            setMapImpl(null);
            setState("fallback");
          }}
        />
      ) : null}
    </div>
  );
}
