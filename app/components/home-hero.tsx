import { useEffect, useRef, useState } from "react";
import { DEALER, HERO_SAVINGS } from "~/content";
import { formatRubWhole } from "~/lib/format";
import { ModalLink } from "./modal-link";

/**
 * The looping background video. It is added only in the browser, after the page has loaded
 * (the poster stays the largest paint), and not at all when the visitor prefers reduced
 * motion or saves data.
 */
function HeroVideo() {
  const [show, setShow] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [paused, setPaused] = useState(false);
  const ref = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)");
    const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
    const update = () => setShow(!reduce.matches && !saveData);
    let idle = 0;
    const start = () => {
      idle = window.setTimeout(update, 0);
    };
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    reduce.addEventListener("change", update);
    return () => {
      window.clearTimeout(idle);
      window.removeEventListener("load", start);
      reduce.removeEventListener("change", update);
    };
  }, []);

  useEffect(() => {
    const video = ref.current;
    if (!show || !video) return;
    // React sets `muted` as a property only after creation; set it first so autoplay is allowed.
    video.muted = true;
    video.play().catch(() => setPaused(true));
  }, [show]);

  if (!show) return null;
  return (
    <>
      <video
        ref={ref}
        className={`hero__media hero__video${playing ? " is-playing" : ""}`}
        width={1280}
        height={720}
        autoPlay
        muted
        loop
        playsInline
        preload="auto"
        aria-hidden="true"
        tabIndex={-1}
        data-testid="hero-video"
        onPlaying={() => {
          setPlaying(true);
          setPaused(false);
        }}
        onPause={() => setPaused(true)}
      >
        <source src="/video/hero.webm" type="video/webm" />
        <source src="/video/hero.mp4" type="video/mp4" />
      </video>
      {playing ? (
        <button
          type="button"
          className="hero__video-toggle"
          aria-label={paused ? "Воспроизвести видео" : "Остановить видео"}
          onClick={() => {
            const video = ref.current;
            if (!video) return;
            if (video.paused) video.play().catch(() => undefined);
            else video.pause();
          }}
        >
          {paused ? (
            <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
              <path d="M7 4v16l13-8z" />
            </svg>
          ) : (
            <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
              <path d="M6 4h4v16H6zM14 4h4v16h-4z" />
            </svg>
          )}
        </button>
      ) : null}
    </>
  );
}

// React 18 does not know `fetchPriority` yet; the lowercase attribute passes through as is.
const HIGH_PRIORITY = { fetchpriority: "high" } as Record<string, string>;

/** The home page's first screen: the poster (the largest paint) with the video over it, the offer, two calls to action. */
export function HomeHero() {
  return (
    <section className="hero hero--home" aria-labelledby="hero-title">
      <img
        className="hero__media"
        src="/video/hero-poster-1280.webp"
        srcSet="/video/hero-poster-640.webp 640w, /video/hero-poster-960.webp 960w, /video/hero-poster-1280.webp 1280w"
        sizes="100vw"
        width={1280}
        height={720}
        alt="Тягач FAW J7 на трассе"
        {...HIGH_PRIORITY}
      />
      <HeroVideo />
      <div className="hero__shade" aria-hidden="true" />
      <div className="container hero__content">
        <span className="eyebrow">
          Официальный дилер {DEALER.brand} {DEALER.inCity}
        </span>
        <h1 className="hero__title" id="hero-title">
          Тягачи FAW J7 — технологии нового поколения
        </h1>
        <p className="hero__claim">Экономия до {formatRubWhole(HERO_SAVINGS)}</p>
        <p className="hero__text">
          Экономичный двигатель, автоматизированная коробка передач и аэродинамичная кабина J7 снижают расходы на
          топливо и обслуживание с первого рейса.
        </p>
        <div className="hero__actions">
          <ModalLink modal="callback" className="btn btn--primary">
            Оставить заявку
          </ModalLink>
          <ModalLink modal="leasing" className="btn btn--ghost-light">
            Расчет лизинга
          </ModalLink>
        </div>
      </div>
    </section>
  );
}
