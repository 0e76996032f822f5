import { useEffect, useRef, useState } from "react";

export const PLACEHOLDER_IMAGE = "/images/placeholder.webp";

/**
 * An image that shows the placeholder until the real one has loaded (spec §4 Images). Without
 * JavaScript the real image is rendered directly: the swap needs script, the picture does not.
 */
export function PartImage({ src, alt, width, height, eager = false, className }: { src?: string; alt: string; width: number; height: number; eager?: boolean; className?: string }) {
  const [loaded, setLoaded] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (ref.current?.complete) setLoaded(true);
  }, []);
  const real = src || PLACEHOLDER_IMAGE;
  return (
    <span className={`img-frame${loaded ? " is-loaded" : ""} ${className ?? ""}`} style={{ aspectRatio: `${width} / ${height}` }}>
      <img
        ref={ref}
        src={real}
        alt={alt}
        width={width}
        height={height}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        onLoad={() => setLoaded(true)}
        onError={(event) => {
          if (event.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) return;
          event.currentTarget.src = PLACEHOLDER_IMAGE;
        }}
      />
    </span>
  );
}
