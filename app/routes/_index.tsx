import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { ModalLink } from "~/components/modal-link";
import { PartImage } from "~/components/part-image";
import { TRUCK_TYPES, type TruckType } from "~/data/truck-types";
import { LEASING, STATS } from "~/data/terms";
import { SITE } from "~/data/site";
import { modalAwareRevalidate } from "~/utils/revalidate";
import { pageMeta, SITE_TITLE } from "~/lib/seo";

export const meta: MetaFunction = () =>
  pageMeta({
    title: SITE_TITLE,
    description: "Официальный дилер FAW в Красноярске: тягачи J6 и J7, самосвалы, спецтехника, запчасти, сервис и лизинг. Экономия до 400 000 ₽.",
  });

export const shouldRevalidate = modalAwareRevalidate;

const CATEGORY_TEXT: Record<TruckType["slug"], string> = {
  tyagach: "Магистральные тягачи J6 и J7 4x2 и 6x4 для работы в составе автопоезда.",
  spectehnika: "Автобетоносмесители, бетононасосы, манипуляторы, мультилифты и лесовозы на шасси FAW.",
  samosval: "Самосвалы 6x4, 8x4 и 6x6 для строительства, карьеров и бездорожья.",
};

const icon = (children: ReactNode) => (
  <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    {children}
  </svg>
);

const ADVANTAGES = [
  {
    title: "Официальный дилер FAW",
    text: "Новая техника с гарантией завода-изготовителя, оригинальные документы и прозрачные условия сделки.",
    icon: icon(<><path d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5z" /><path d="m9 12 2 2 4-4" /></>),
  },
  {
    title: "Собственный сервисный центр",
    text: "Гарантийное и постгарантийное обслуживание: до 8 машин одновременно, диагностика по стандартам FAW.",
    icon: icon(<path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z" />),
  },
  {
    title: "Склад запчастей",
    text: "1 500 м² оригинальных запчастей и расходников в наличии — без ожидания поставки из Китая.",
    icon: icon(<><path d="M3 9 12 4l9 5v11H3z" /><path d="M7 20v-7h10v7M7 16h10" /></>),
  },
  {
    title: "Лизинг с субсидией",
    text: `Аванс от ${LEASING.minAdvancePercent}%, срок до ${LEASING.termMonths} месяцев, решение за ${LEASING.approvalDays} день. Для компаний, ИП и физлиц.`,
    icon: icon(<><rect x="3" y="5" width="18" height="14" rx="2" /><path d="M3 10h18M7 15h4" /></>),
  },
  {
    title: "Доставка техники",
    text: "Доставим технику своим ходом или тралом по Красноярскому краю и соседним регионам Сибири.",
    icon: icon(<><path d="M1 7h13v9H1zM14 10h4l3 3v3h-7z" /><circle cx="5.5" cy="17.5" r="1.8" /><circle cx="17.5" cy="17.5" r="1.8" /></>),
  },
  {
    title: "Трейд-ин",
    text: "Примем вашу технику в зачет стоимости новой — оценка в день обращения.",
    icon: icon(<><path d="M4 9h13l-3-3M20 15H7l3 3" /></>),
  },
];

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

export default function Home() {
  return (
    <>
      <section className="hero hero--home" aria-labelledby="hero-title">
        <img
          className="hero__media"
          src="/video/hero-poster.jpg"
          srcSet="/video/hero-poster-mobile.jpg 640w, /video/hero-poster.jpg 1280w"
          sizes="100vw"
          width={1280}
          height={720}
          alt="Тягач FAW J7 на трассе"
          {...HIGH_PRIORITY}
        />
        <HeroVideo />
        <div className="hero__shade" aria-hidden="true" />
        <div className="container hero__content">
          <span className="eyebrow">Официальный дилер {SITE.brand} в Красноярске</span>
          <h1 className="hero__title" id="hero-title">
            Тягачи FAW J7 — технологии нового поколения
          </h1>
          <p className="hero__claim">Экономия до 400 000 ₽</p>
          <p className="hero__text">
            Экономичный двигатель, автоматизированная коробка передач и аэродинамичная кабина J7 снижают расходы на топливо и обслуживание с первого рейса.
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

      <section className="section" aria-labelledby="choose-title">
        <div className="container">
          <div className="section__head">
            <div>
              <span className="eyebrow">Модельный ряд</span>
              <h2 id="choose-title">Выберите свой грузовик</h2>
            </div>
            <p>Тягачи, самосвалы и спецтехника FAW в наличии и под заказ — подберем машину под ваши задачи.</p>
          </div>
          <ul className="tiles tiles--three">
            {TRUCK_TYPES.map((type) => (
              <li key={type.slug}>
                <Link to={`/catalog/trucks?type=${type.slug}`} className="tile">
                  <PartImage src={`/images/categories/${type.slug}.webp`} alt={`${type.name} FAW`} width={800} height={600} />
                  <div className="tile__body">
                    <h3 className="tile__title">{type.name}</h3>
                    <p className="tile__text">{CATEGORY_TEXT[type.slug]}</p>
                    <span className="tile__more">Смотреть модели</span>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--muted" aria-labelledby="advantages-title">
        <div className="container">
          <div className="section__head">
            <div>
              <span className="eyebrow">Почему мы</span>
              <h2 id="advantages-title">Покупка, сервис и запчасти в одном месте</h2>
            </div>
          </div>
          <ul className="advantages">
            {ADVANTAGES.map((item) => (
              <li key={item.title} className="advantage">
                <span className="advantage__icon">{item.icon}</span>
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="stats-band" aria-labelledby="stats-title">
        <div className="container">
          <h2 id="stats-title">{SITE.name} в цифрах</h2>
          <ul className="stats" data-testid="stats">
            {STATS.map((stat) => (
              <li key={stat.label}>
                <span className="stats__value">{stat.value}</span>
                <span className="stats__label">{stat.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="contact-title">
        <div className="container">
          <div className="contact-banner">
            <div>
              <h2 id="contact-title">Остались вопросы?</h2>
              <p>Оставьте заявку — менеджер перезвонит, подберет технику и рассчитает лизинг. Работаем {SITE.workTime}.</p>
            </div>
            <ModalLink modal="callback" className="btn btn--light">
              Связаться
            </ModalLink>
          </div>
        </div>
      </section>
    </>
  );
}
