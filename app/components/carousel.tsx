import { useEffect, useRef, useState, type ReactNode } from "react";
import type SwiperType from "swiper";
import { onceNear } from "~/utils/once-near";

/**
 * A Swiper carousel that is a plain scrollable row until Swiper loads (it is imported only
 * when a carousel comes near the screen). Slide widths per breakpoint live in CSS (carousel.css), so
 * server and browser render the same markup and nothing jumps when the script starts.
 */
export function Carousel({
  label,
  variant,
  children,
}: {
  label: string;
  variant: "parts" | "trucks";
  children: ReactNode[];
}) {
  const ref = useRef<HTMLDivElement>(null);
  const swiperRef = useRef<SwiperType | null>(null);
  const [edges, setEdges] = useState({ ready: false, start: true, end: false });

  useEffect(() => {
    let cancelled = false;
    const start = () =>
      import("swiper").then(({ default: Swiper }) => {
        if (cancelled || !ref.current) return;
        const update = (s: SwiperType) => setEdges({ ready: true, start: s.isBeginning, end: s.isEnd });
        swiperRef.current = new Swiper(ref.current, {
          slidesPerView: "auto",
          speed: 300,
          // Spec §9: a swipe of 30 % of the slide changes it; steeper than 10° is a page scroll.
          longSwipesRatio: 0.3,
          touchAngle: 10,
          watchOverflow: true,
          on: { init: update, slideChange: update, reachEnd: update, reachBeginning: update, resize: update },
        });
      });
    // Swiper (~22 KB gzip) is fetched when the carousel comes near the screen, not with the page.
    const stop = ref.current ? onceNear(ref.current, "200px", () => void start()) : undefined;
    return () => {
      cancelled = true;
      stop?.();
      swiperRef.current?.destroy(true, true);
      swiperRef.current = null;
    };
  }, []);

  return (
    <div
      className={`carousel carousel--${variant}${edges.ready ? " is-ready" : ""}`}
      role="region"
      aria-roledescription="карусель"
      aria-label={label}
    >
      <div className="carousel__nav">
        <button
          type="button"
          className="carousel__btn"
          aria-label="Назад"
          disabled={edges.start}
          onClick={() => swiperRef.current?.slidePrev()}
        >
          ‹
        </button>
        <button
          type="button"
          className="carousel__btn"
          aria-label="Вперёд"
          disabled={edges.end}
          onClick={() => swiperRef.current?.slideNext()}
        >
          ›
        </button>
      </div>
      <div ref={ref} className="swiper">
        <ul className="swiper-wrapper">
          {children.map((child, index) => (
            <li key={index} className="swiper-slide">
              {child}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
