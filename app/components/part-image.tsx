import { useEffect, useRef, useState } from "react";

export const PLACEHOLDER_IMAGE = "/images/placeholder.webp";

/**
 * An image that shows the placeholder until the real one has loaded (spec §4 Images). The frame's
 * background is the placeholder, and a picture still loading is transparent, so without
 * JavaScript the placeholder shows through until the picture is there. With JavaScript a picture
 * that is still loading when the page hydrates (or when the frame mounts later) is also kept hidden
 * until it has loaded whole, then fades in, so it never appears half-drawn. A picture the browser
 * had already loaded is left as it is: no state change, no extra render and no fade on hydration.
 */
export function PartImage({
  src,
  alt,
  width,
  height,
  eager = false,
  className,
}: {
  src?: string;
  alt: string;
  width: number;
  height: number;
  eager?: boolean;
  className?: string;
}) {
  const [pending, setPending] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // `load` may have fired before React listened for it; `complete` tells either way.
    if (ref.current && !ref.current.complete) setPending(true);
  }, []);
  const real = src || PLACEHOLDER_IMAGE;
  return (
    <span
      className={`img-frame${pending ? " is-pending" : ""} ${className ?? ""}`}
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      <img
        ref={ref}
        src={real}
        alt={alt}
        width={width}
        height={height}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        onLoad={() => setPending(false)}
        onError={(event) => {
          if (event.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) return;
          event.currentTarget.src = PLACEHOLDER_IMAGE;
        }}
      />
    </span>
  );
}
