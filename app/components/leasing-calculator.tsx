import { useId, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { LEASING } from "~/content";
import { formatInt, formatRubWhole } from "~/lib/format";
import { counted, MONTHS_UP_TO } from "~/lib/plural";
import {
  estimateLeasing,
  formatPercent,
  groupPriceAsTyped,
  LEASING_DISCLAIMER,
  LEASING_LIMITS as L,
  readLeasing,
  type LeasingEstimate,
  type LeasingInput,
  type LeasingParam,
  type LeasingReading,
  type LeasingValues,
} from "~/lib/leasing";
import { RECALCULATE_INTENT } from "~/lib/form-intents";
import { useHydrated } from "~/utils/use-hydrated";

interface CalcField {
  name: LeasingParam;
  label: string;
  hint: string;
  inputMode: "numeric" | "decimal";
  /** The slider beside the field (with JavaScript): its name, range and step, and the field's text for a value. */
  slider: {
    label: string;
    min: number;
    max: number;
    step: number;
    of: (input: LeasingInput) => number;
    text: (n: number) => string;
  };
}

const FIELDS: CalcField[] = [
  {
    name: "price",
    label: "Стоимость техники, ₽",
    hint: `от ${formatInt(L.priceMin)} до ${formatInt(L.priceMax)}\u00a0₽`,
    inputMode: "numeric",
    slider: {
      label: "Ползунок стоимости",
      min: L.priceMin,
      max: L.priceMax,
      step: 100_000,
      of: (i) => i.price,
      text: formatInt,
    },
  },
  {
    name: "advance",
    label: "Аванс, %",
    hint: `от ${L.advanceMin} до ${L.advanceMax}\u00a0%`,
    inputMode: "decimal",
    slider: {
      label: "Ползунок аванса",
      min: L.advanceMin,
      max: L.advanceMax,
      step: 1,
      of: (i) => i.advancePercent,
      text: formatPercent,
    },
  },
  {
    name: "term",
    label: "Срок, месяцев",
    hint: `от ${L.termMin} до ${counted(L.termMax, MONTHS_UP_TO)}`,
    inputMode: "numeric",
    slider: { label: "Ползунок срока", min: L.termMin, max: L.termMax, step: 1, of: (i) => i.termMonths, text: String },
  },
];

export interface LeasingCalculatorProps {
  values: LeasingValues;
  onChange: (values: LeasingValues) => void;
  /** Where the form goes without JavaScript: the page it is on. */
  action: string;
  /** The page's other query parameters, sent along so the page stays as it was (an open modal stays open). */
  keep: [string, string][];
  title?: string;
  headingLevel?: "h2" | "h3";
  /** The id of the calculator's own GET form, for a button elsewhere that sends it (the page's 'Оставить заявку…'). */
  formId?: string;
  /**
   * The lead form the fields belong to instead (the leasing request): the figures typed are the
   * lead's, and without JavaScript 'Рассчитать' posts that form back to `action` to be shown again.
   */
  leadFormId?: string;
  /**
   * The label of the lead form's own submit button: without JavaScript a hidden copy of it comes
   * first in the form, so Enter in a field sends the lead, not the recalculation.
   */
  leadSubmitLabel?: string;
  /** A model whose price is on request: the price starts empty and no figures show until one is typed. */
  priceOnRequest?: boolean;
}

const PRICE_PROMPT = "Цена этой модели — по запросу. Введите стоимость, чтобы увидеть расчет.";

/**
 * The leasing calculator. Without JavaScript it is a GET form to the page it is on: the values go
 * into the URL and the server renders the figures. With JavaScript the figures follow the fields
 * as they are typed, and the button is not needed.
 */
export function LeasingCalculator({
  values,
  onChange,
  action,
  keep,
  title = "Калькулятор лизинга",
  headingLevel: Heading = "h2",
  formId,
  leadFormId,
  leadSubmitLabel,
  priceOnRequest = false,
}: LeasingCalculatorProps) {
  const hydrated = useHydrated();
  const id = useId();
  // What the figures showed before the last change: a field typed out of range keeps them.
  const [lastShown, setLastShown] = useState<LeasingInput>();
  const reading = readLeasing(values, lastShown);
  const estimate = estimateLeasing(reading.shown, LEASING.annualRatePercent);
  // A price typed by the visitor since the page opened (a model on request has none of its own).
  const [priceTyped, setPriceTyped] = useState(false);
  // A model on request: until a price is typed, a prompt instead of a message, and no figures
  // (they would be worked out for a price nobody gave).
  const awaitingPrice = priceOnRequest && values.price.trim() === "";
  const showFigures = !priceOnRequest || (!awaitingPrice && (!reading.errors.price || priceTyped));
  const headingId = `${id}-title`;
  const priceRef = useRef<HTMLInputElement>(null);
  const priceCaret = useRef<number>();

  // The grouped price is a new value: put the caret back after the digit it followed.
  useLayoutEffect(() => {
    if (priceCaret.current === undefined || !priceRef.current) return;
    priceRef.current.setSelectionRange(priceCaret.current, priceCaret.current);
    priceCaret.current = undefined;
  });

  const change = (name: LeasingParam, value: string) => {
    setLastShown(reading.shown);
    const next = { ...values, [name]: value };
    if (name === "price" && !readLeasing(next).errors.price) setPriceTyped(true);
    onChange(next);
  };

  const changeText = (name: LeasingParam, input: HTMLInputElement) => {
    if (name !== "price") return change(name, input.value);
    const grouped = groupPriceAsTyped(input.value, input.selectionStart ?? input.value.length);
    priceCaret.current = grouped.caret;
    change(name, grouped.value);
  };

  return (
    <section className="calc" aria-labelledby={headingId} data-testid="leasing-calculator">
      <Heading id={headingId} className="calc__title">
        {title}
      </Heading>
      <Fields
        leadFormId={leadFormId}
        formId={formId}
        action={action}
        headingId={headingId}
        onSubmit={(event) => {
          if (hydrated) event.preventDefault();
        }}
      >
        {leadFormId && leadSubmitLabel && !hydrated ? (
          // Enter in a field sends a form by its first submit button, and 'Рассчитать' below comes
          // before the lead form's own: this copy of the lead's button comes first instead.
          // Hidden from sight, from Tab and from screen readers; with JavaScript neither is there.
          <button type="submit" form={leadFormId} className="visually-hidden" tabIndex={-1} aria-hidden="true">
            {leadSubmitLabel}
          </button>
        ) : null}
        {leadFormId
          ? null
          : keep.map(([name, value]) => <input key={`${name}=${value}`} type="hidden" name={name} value={value} />)}
        <div className="calc__fields">
          {FIELDS.map((field) => {
            const inputId = `${id}-${field.name}`;
            const error = awaitingPrice && field.name === "price" ? undefined : reading.errors[field.name];
            const hint = awaitingPrice && field.name === "price" ? PRICE_PROMPT : field.hint;
            return (
              <div key={field.name} className={`field${error ? " field--error" : ""}`}>
                <label htmlFor={inputId} className="field__label">
                  {field.label}
                </label>
                <input
                  ref={field.name === "price" ? priceRef : undefined}
                  id={inputId}
                  name={field.name}
                  form={leadFormId}
                  placeholder={awaitingPrice && field.name === "price" ? "Введите стоимость" : undefined}
                  className="field__input"
                  inputMode={field.inputMode}
                  autoComplete="off"
                  maxLength={20}
                  value={values[field.name]}
                  onChange={(event) => changeText(field.name, event.currentTarget)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${inputId}-error` : `${inputId}-hint`}
                />
                {hydrated ? (
                  <input
                    type="range"
                    className="calc__slider"
                    min={field.slider.min}
                    max={field.slider.max}
                    step={field.slider.step}
                    // No price yet for a model on request: the slider starts at its low end, suggesting none.
                    value={awaitingPrice && field.name === "price" ? field.slider.min : field.slider.of(reading.shown)}
                    aria-label={field.slider.label}
                    onChange={(event) => change(field.name, field.slider.text(Number(event.currentTarget.value)))}
                  />
                ) : null}
                {error ? (
                  <p className="field__error" id={`${inputId}-error`}>
                    {error}
                  </p>
                ) : (
                  <p className="field__hint" id={`${inputId}-hint`}>
                    {hint}
                  </p>
                )}
              </div>
            );
          })}
        </div>
        {hydrated ? null : (
          <button
            type="submit"
            className="btn btn--outline calc__submit"
            {...(leadFormId
              ? {
                  form: leadFormId,
                  name: "intent",
                  value: RECALCULATE_INTENT,
                  formAction: `${action}${action.includes("?") ? "&" : "?"}intent=${RECALCULATE_INTENT}`,
                  formNoValidate: true,
                }
              : {})}
          >
            Рассчитать
          </button>
        )}
      </Fields>
      <div className="calc__result" aria-live="polite">
        {showFigures ? (
          <Figures reading={reading} estimate={estimate} />
        ) : (
          <p className="calc__awaiting" data-testid="leasing-awaiting-price">
            Введите стоимость техники — здесь появится расчет аванса и платежа.
          </p>
        )}
        <p className="calc__disclaimer">{LEASING_DISCLAIMER}</p>
        <p className="calc__rate">
          Аннуитетные платежи по ставке {LEASING.annualRatePercent}&nbsp;% годовых. Точный график и ставку назовет
          лизинговая компания.
        </p>
      </div>
    </section>
  );
}

/** The figures worked out, and which values they are for when a field is out of range. */
function Figures({ reading, estimate }: { reading: LeasingReading; estimate: LeasingEstimate }) {
  return (
    <>
      <dl className="calc__figures">
        <div>
          <dt>Аванс</dt>
          <dd data-testid="leasing-advance">{formatRubWhole(estimate.advance)}</dd>
        </div>
        <div className="calc__main">
          <dt>Ежемесячный платеж</dt>
          <dd data-testid="leasing-payment">≈&nbsp;{formatRubWhole(estimate.monthlyPayment)}</dd>
        </div>
        <div>
          <dt>Сумма договора</dt>
          <dd data-testid="leasing-total">{formatRubWhole(estimate.total)}</dd>
        </div>
      </dl>
      {reading.input ? null : (
        <p className="calc__fix" data-testid="leasing-shown-for">
          Расчет для последних верных значений: {formatRubWhole(reading.shown.price)}, аванс{" "}
          {formatPercent(reading.shown.advancePercent)}&nbsp;%, {reading.shown.termMonths}&nbsp;мес.
        </p>
      )}
    </>
  );
}

/**
 * The fields' frame: the calculator's own GET form, or, when the fields belong to a lead form
 * (through their `form` attribute), a plain group beside it (forms do not nest).
 */
function Fields({
  leadFormId,
  formId,
  action,
  headingId,
  onSubmit,
  children,
}: {
  leadFormId?: string;
  formId?: string;
  action: string;
  headingId: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  if (leadFormId)
    return (
      <div className="calc__form" role="group" aria-labelledby={headingId}>
        {children}
      </div>
    );
  return (
    <form
      id={formId}
      method="get"
      action={action}
      className="calc__form"
      noValidate
      aria-labelledby={headingId}
      onSubmit={onSubmit}
    >
      {children}
    </form>
  );
}
