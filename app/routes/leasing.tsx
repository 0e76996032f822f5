import type { MetaFunction, LinksFunction } from "@remix-run/node";
import { useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { LeasingCalculator } from "~/components/leasing-calculator";
import { ModalLink } from "~/components/modal-link";
import { PartnerTicker } from "~/components/partner-ticker";
import { LEASING } from "~/content";
import { formatRub } from "~/lib/format";
import { counted, DAYS, MONTHS_UP_TO, WORKING_DAYS, YEARS_UP_TO } from "~/lib/plural";
import { leasingFromParams, paramsBesideLeasing } from "~/lib/leasing";
import { MODAL_PARAM } from "~/lib/modal";
import { modalAwareRevalidate } from "~/utils/revalidate";
import { useHydrated } from "~/utils/use-hydrated";
import { pageMeta } from "~/lib/seo";
import infoStyles from "~/styles/info.css";
import "~/components/site-frame"; // the frame's code as one script with this page (decision 013)

export const links: LinksFunction = () => [{ rel: "stylesheet", href: infoStyles }];

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Лизинг грузовиков и спецтехники FAW",
    description: `Лизинг FAW: аванс от ${LEASING.minAdvancePercent}%, срок до ${counted(LEASING.termYears, YEARS_UP_TO)}, сумма до ${formatRub(LEASING.amountTo)}, решение за ${counted(LEASING.approvalDays, DAYS)}. Для физлиц, ИП и компаний.`,
  });

export const shouldRevalidate = modalAwareRevalidate;

const FAQ = [
  {
    q: "Кто может взять технику в лизинг?",
    a: "Юридические лица, индивидуальные предприниматели и физические лица. Для компаний и ИП лизинг даёт экономию на налогах, для частных покупателей — покупку без крупного единовременного платежа.",
  },
  {
    q: "Какой нужен аванс?",
    a: `От ${LEASING.minAdvancePercent}% стоимости техники. Чем больше аванс, тем ниже ежемесячный платёж и удорожание.`,
  },
  {
    q: "На какой срок заключается договор?",
    a: `До ${counted(LEASING.termYears, YEARS_UP_TO)} (до ${counted(LEASING.termYears * 12, MONTHS_UP_TO)}). Срок подбираем под сезонность и доходы вашего бизнеса.`,
  },
  {
    q: "Сколько времени занимает одобрение?",
    a: `Решение по заявке — за ${counted(LEASING.approvalDays, WORKING_DAYS)}. Для расчёта достаточно ИНН и контактного телефона.`,
  },
  {
    q: "Можно ли получить индивидуальный график платежей?",
    a: "Да: равномерный, убывающий или сезонный график — под ваш денежный поток.",
  },
  {
    q: "Как работает субсидия при покупке в лизинг?",
    a: "На часть моделей действуют субсидии производителя и государственных программ. Размер экономии указан в карточке модели, подробности расскажет менеджер.",
  },
];

const CALCULATOR_FORM = "leasing-calculator";

/**
 * The calculator on the page; its values go with 'Оставить заявку с этим расчетом' into the
 * leasing modal, whose form sends the calculation along. Without JavaScript that button sends the
 * calculator's GET form with the modal named, so the figures typed go along, 'Рассчитать'
 * pressed or not.
 */
function Calculator() {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const [values, setValues] = useState(() => leasingFromParams(params).values);
  const keep = paramsBesideLeasing(params).filter(([name]) => name !== MODAL_PARAM);
  return (
    <div className="leasing-calc" id="calculator">
      <LeasingCalculator values={values} onChange={setValues} action="/leasing" keep={keep} formId={CALCULATOR_FORM} />
      {hydrated ? (
        <ModalLink modal="leasing" extra={values} className="btn btn--primary">
          Оставить заявку с этим расчетом
        </ModalLink>
      ) : (
        <button type="submit" form={CALCULATOR_FORM} name={MODAL_PARAM} value="leasing" className="btn btn--primary">
          Оставить заявку с этим расчетом
        </button>
      )}
    </div>
  );
}

export default function Leasing() {
  return (
    <div className="page">
      <div className="container">
        <Breadcrumbs items={[{ name: "Главная", to: "/" }, { name: "Лизинг" }]} />
        <section className="leasing-hero">
          <div>
            <h1>Лизинг грузовиков и спецтехники FAW</h1>
            <p className="lead">
              Тягачи, самосвалы и спецтехника в лизинг на срок до {counted(LEASING.termMonths, MONTHS_UP_TO)} с авансом
              от {LEASING.minAdvancePercent}%. Работаем с надёжными лизинговыми компаниями и подберём лучшее
              предложение.
            </p>
            <ModalLink modal="leasing" className="btn btn--primary">
              Оставить онлайн-заявку
            </ModalLink>
          </div>
        </section>

        <Calculator />

        <section aria-labelledby="terms-title">
          <h2 id="terms-title">Условия</h2>
          <ul className="facts">
            <li>
              <strong>до {counted(LEASING.termYears, YEARS_UP_TO)}</strong>
              <span>срок лизинга</span>
            </li>
            <li>
              <strong>от {LEASING.minAdvancePercent}%</strong>
              <span>аванс</span>
            </li>
            <li>
              <strong>
                {formatRub(LEASING.amountFrom)} — {formatRub(LEASING.amountTo)}
              </strong>
              <span>сумма финансирования</span>
            </li>
            <li>
              <strong>{counted(LEASING.approvalDays, DAYS)}</strong>
              <span>одобрение заявки</span>
            </li>
            <li>
              <strong>до {LEASING.taxSavingPercent}%</strong>
              <span>экономия на налогах</span>
            </li>
          </ul>
        </section>

        <section className="info-grid" aria-label="Для кого">
          <div className="info-card">
            <h2>Для кого</h2>
            <ul className="check-list">
              <li>Физические лица</li>
              <li>Индивидуальные предприниматели</li>
              <li>Юридические лица</li>
            </ul>
          </div>
          <div className="info-card">
            <h2>Преимущества</h2>
            <ul className="check-list">
              <li>Индивидуальный график платежей</li>
              <li>НДС к вычету и ускоренная амортизация</li>
              <li>Страхование и регистрация техники в одном договоре</li>
            </ul>
          </div>
        </section>

        <section className="faq" aria-labelledby="faq-title">
          <h2 id="faq-title">Частые вопросы</h2>
          {FAQ.map((item, index) => (
            <details key={item.q} className="faq__item" open={index === 0}>
              <summary>{item.q}</summary>
              <p>{item.a}</p>
            </details>
          ))}
        </section>
      </div>
      <section aria-labelledby="partners-title" className="partners">
        <div className="container">
          <h2 id="partners-title">Наши партнёры</h2>
        </div>
        <PartnerTicker />
      </section>
    </div>
  );
}
