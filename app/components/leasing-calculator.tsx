import { useId } from "react";
import { LEASING } from "~/content";
import { formatInt, formatRubWhole } from "~/lib/format";
import {
  estimateLeasing,
  LEASING_DISCLAIMER,
  LEASING_LIMITS as L,
  readLeasing,
  type LeasingParam,
  type LeasingValues,
} from "~/lib/leasing";
import { useHydrated } from "~/utils/use-hydrated";

const FIELDS: { name: LeasingParam; label: string; hint: string; inputMode: "numeric" | "decimal" }[] = [
  {
    name: "price",
    label: "Стоимость техники, ₽",
    hint: `от ${formatInt(L.priceMin)} до ${formatInt(L.priceMax)}\u00a0₽`,
    inputMode: "numeric",
  },
  { name: "advance", label: "Аванс, %", hint: `от ${L.advanceMin} до ${L.advanceMax}\u00a0%`, inputMode: "decimal" },
  { name: "term", label: "Срок, месяцев", hint: `от ${L.termMin} до ${L.termMax} месяцев`, inputMode: "numeric" },
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
}

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
}: LeasingCalculatorProps) {
  const hydrated = useHydrated();
  const id = useId();
  const reading = readLeasing(values);
  const estimate = reading.input ? estimateLeasing(reading.input, LEASING.annualRatePercent) : undefined;
  const headingId = `${id}-title`;

  return (
    <section className="calc" aria-labelledby={headingId} data-testid="leasing-calculator">
      <Heading id={headingId} className="calc__title">
        {title}
      </Heading>
      <form
        method="get"
        action={action}
        className="calc__form"
        noValidate
        aria-labelledby={headingId}
        onSubmit={(event) => {
          if (hydrated) event.preventDefault();
        }}
      >
        {keep.map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        <div className="calc__fields">
          {FIELDS.map((field) => {
            const inputId = `${id}-${field.name}`;
            const error = reading.errors[field.name];
            return (
              <div key={field.name} className={`field${error ? " field--error" : ""}`}>
                <label htmlFor={inputId} className="field__label">
                  {field.label}
                </label>
                <input
                  id={inputId}
                  name={field.name}
                  className="field__input"
                  inputMode={field.inputMode}
                  autoComplete="off"
                  maxLength={20}
                  value={values[field.name]}
                  onChange={(event) => onChange({ ...values, [field.name]: event.currentTarget.value })}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${inputId}-error` : `${inputId}-hint`}
                />
                {error ? (
                  <p className="field__error" id={`${inputId}-error`}>
                    {error}
                  </p>
                ) : (
                  <p className="field__hint" id={`${inputId}-hint`}>
                    {field.hint}
                  </p>
                )}
              </div>
            );
          })}
        </div>
        {hydrated ? null : (
          <button type="submit" className="btn btn--outline calc__submit">
            Рассчитать
          </button>
        )}
      </form>
      <div className="calc__result" aria-live="polite">
        <dl className="calc__figures">
          <div>
            <dt>Аванс</dt>
            <dd data-testid="leasing-advance">{estimate ? formatRubWhole(estimate.advance) : "—"}</dd>
          </div>
          <div className="calc__main">
            <dt>Ежемесячный платеж</dt>
            <dd data-testid="leasing-payment">{estimate ? `≈ ${formatRubWhole(estimate.monthlyPayment)}` : "—"}</dd>
          </div>
          <div>
            <dt>Сумма договора</dt>
            <dd data-testid="leasing-total">{estimate ? formatRubWhole(estimate.total) : "—"}</dd>
          </div>
        </dl>
        {estimate ? null : <p className="calc__fix">Исправьте значения — и расчет появится.</p>}
        <p className="calc__disclaimer">{LEASING_DISCLAIMER}</p>
        <p className="calc__rate">
          Аннуитетные платежи по ставке {LEASING.annualRatePercent}&nbsp;% годовых. Точный график и ставку назовет
          лизинговая компания.
        </p>
      </div>
    </section>
  );
}
