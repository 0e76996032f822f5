import type { ReactNode } from "react";
import { LEASING, SALES_POINTS, STATS_BY_KEY } from "~/content";
import { counted, DAYS, MONTHS_UP_TO } from "~/lib/plural";
import { ModalLink } from "./modal-link";

/** The trade-in request: the callback form, its source naming trade-in and its comment begun. */
export const TRADE_IN_REQUEST = {
  source: "/#trade-in",
  comment: "Трейд-ин: хочу сдать технику в зачет. Модель, год: ",
};

const icon = (children: ReactNode) => (
  <svg
    width="28"
    height="28"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {children}
  </svg>
);

const ADVANTAGES = [
  {
    title: "Официальный дилер FAW",
    text: "Новая техника с гарантией завода-изготовителя, оригинальные документы и прозрачные условия сделки.",
    icon: icon(
      <>
        <path d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5z" />
        <path d="m9 12 2 2 4-4" />
      </>,
    ),
  },
  {
    title: "Собственный сервисный центр",
    text: `Гарантийное и постгарантийное обслуживание: до ${STATS_BY_KEY.serviceBays.value} машин одновременно, диагностика по стандартам FAW.`,
    icon: icon(<path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z" />),
  },
  {
    title: "Склад запчастей",
    text: `${STATS_BY_KEY.warehouse.value} оригинальных запчастей и расходников в наличии — без ожидания поставки из Китая.`,
    icon: icon(
      <>
        <path d="M3 9 12 4l9 5v11H3z" />
        <path d="M7 20v-7h10v7M7 16h10" />
      </>,
    ),
  },
  {
    title: "Лизинг с субсидией",
    text: `Аванс от ${LEASING.minAdvancePercent}%, срок до ${counted(LEASING.termMonths, MONTHS_UP_TO)}, решение за ${counted(LEASING.approvalDays, DAYS)}. Для компаний, ИП и физлиц.`,
    icon: icon(
      <>
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <path d="M3 10h18M7 15h4" />
      </>,
    ),
  },
  {
    title: "Доставка техники",
    text: `Доставим технику своим ходом или тралом: ${SALES_POINTS[1].region} и соседние регионы.`,
    icon: icon(
      <>
        <path d="M1 7h13v9H1zM14 10h4l3 3v3h-7z" />
        <circle cx="5.5" cy="17.5" r="1.8" />
        <circle cx="17.5" cy="17.5" r="1.8" />
      </>,
    ),
  },
  {
    title: "Трейд-ин",
    text: "Примем вашу технику в зачет стоимости новой — оценка в день обращения.",
    icon: icon(
      <>
        <path d="M4 9h13l-3-3M20 15H7l3 3" />
      </>,
    ),
  },
];

/** Why buy here: the dealer's six advantages, on the home page. */
export function HomeAdvantages() {
  return (
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
            <li key={item.title} className="advantage" id={item.title === "Трейд-ин" ? "trade-in" : undefined}>
              <span className="advantage__icon">{item.icon}</span>
              <h3>{item.title}</h3>
              <p>{item.text}</p>
              {item.title === "Трейд-ин" ? (
                <ModalLink modal="callback" extra={TRADE_IN_REQUEST} className="advantage__link">
                  Оценить мою технику
                </ModalLink>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
