/**
 * The Yandex map itself (API 2.1, ru_RU). Imported only in the browser, and only when a map box
 * comes near the viewport: see LocationMap.
 */
import { Map, Placemark, YMaps, ZoomControl } from "@pbe/react-yandex-maps";
import { MAP_ZOOM } from "~/data/site";
import "~/components/site-frame"; // loaded after the frame: its shared code stays in the frame's script (decision 013)

export interface YandexMapProps {
  apiKey: string;
  center: [number, number];
  title: string;
  /** The footer's map: every interaction off, only the zoom control (spec §2). */
  static?: boolean;
  onLoad: () => void;
  onError: () => void;
}

export default function YandexMap({
  apiKey,
  center,
  title,
  static: isStatic = false,
  onLoad,
  onError,
}: YandexMapProps) {
  return (
    <YMaps query={{ apikey: apiKey, lang: "ru_RU" }} version="2.1">
      <Map
        className="map__canvas"
        defaultState={{ center, zoom: MAP_ZOOM, controls: [], behaviors: isStatic ? [] : ["default"] }}
        modules={["geoObject.addon.balloon"]}
        onLoad={onLoad}
        onError={onError}
      >
        <ZoomControl options={{ position: { right: 10, top: 60 } }} />
        <Placemark geometry={center} properties={{ hintContent: title }} options={{ preset: "islands#redDotIcon" }} />
      </Map>
    </YMaps>
  );
}
