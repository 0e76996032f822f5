import { Link } from "@remix-run/react";
import { useEffect, type FormEvent, type InputHTMLAttributes, type ReactNode, type RefObject } from "react";
import { useField, useFormContext } from "remix-validated-form";
import { useHydrated } from "~/utils/use-hydrated";
import { HONEYPOT_FIELD } from "~/lib/lead-forms";
import { useCompanyLookup } from "~/utils/use-company-lookup";
import { CompanyCombobox } from "./company-suggest";
import { PhoneInput } from "./phone-input";

/**
 * The shared check runs on every change of a field (spec §5): its message appears or clears at
 * once. Leaving a field checks nothing, so a click on the button never disables it under the
 * visitor's cursor; a submit checks every field.
 */
const BEHAVIOUR = { initial: "onChange", whenTouched: "onChange", whenSubmitted: "onChange" } as const;

/**
 * Marks the form `data-enhanced` once its script runs: React has committed it and run its
 * effects, so its fields check what is typed from the first key. Tests wait for the mark before
 * typing, as a visitor's first key comes after the page is ready.
 */
export function useEnhancedMark(form: RefObject<HTMLFormElement>): void {
  useEffect(() => {
    form.current?.setAttribute("data-enhanced", "");
  }, [form]);
}

/**
 * Spread after the library's input props: drops its blur handler, which marks the field touched.
 * A touched field's message shows when any other field changes, and the modal focuses its first
 * field itself, so a visitor who starts with the phone would see 'Заполните ФИО' for a field
 * they never used. A field's message comes from its own changes and from a submit only.
 */
const CHANGE_ONLY = { onBlur: undefined } as const;

export function FieldShell({
  id,
  label,
  required,
  requiredMark,
  requiredWhen,
  error,
  children,
  hint,
  className,
}: {
  id: string;
  label: string;
  required?: boolean;
  /** A class for an asterisk the stylesheet shows only while another field makes this one required. */
  requiredMark?: string;
  /** When that is, said to a screen reader after the label (the asterisk is only seen): 'ИНН организации (обязательно для счёта)'. */
  requiredWhen?: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`field${error ? " field--error" : ""}${className ? ` ${className}` : ""}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {requiredWhen ? <span className="visually-hidden"> ({requiredWhen})</span> : null}
        {required || requiredMark ? (
          <span className={`field__required${requiredMark ? ` ${requiredMark}` : ""}`} aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? <p className="field__hint">{hint}</p> : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  formId,
  name,
  label,
  required,
  requiredMark,
  requiredWhen,
  className,
  type = "text",
  autoComplete,
  inputMode,
  maxLength = 200,
}: {
  formId: string;
  name: string;
  label: string;
  required?: boolean;
  requiredMark?: string;
  requiredWhen?: string;
  className?: string;
  type?: "text" | "email" | "date";
  autoComplete?: string;
  inputMode?: "text" | "email" | "numeric";
  maxLength?: number;
}) {
  const { error, getInputProps } = useField(name, { validationBehavior: BEHAVIOUR });
  const id = `${formId}-${name}`;
  return (
    <FieldShell
      id={id}
      label={label}
      required={required}
      requiredMark={requiredMark}
      requiredWhen={requiredWhen}
      error={error}
      className={className}
    >
      <input
        {...getInputProps({ id, type, autoComplete, inputMode, maxLength: type === "date" ? undefined : maxLength })}
        {...CHANGE_ONLY}
        className="field__input"
        required={required}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </FieldShell>
  );
}

/**
 * inn: digits only, typed or pasted (without JavaScript, as typed: the server reads the digits).
 * With the company register on (DADATA_API_KEY), a combobox that offers companies by the digits
 * typed (company-suggest.tsx). `requiredMark`: the order's asterisk while an invoice is asked for.
 */
export function InnField({
  formId,
  requiredMark,
  requiredWhen,
}: {
  formId: string;
  requiredMark?: string;
  requiredWhen?: string;
}) {
  const { error, getInputProps, validate } = useField("inn", { validationBehavior: BEHAVIOUR });
  const lookup = useCompanyLookup();
  const id = `${formId}-inn`;
  const errorId = error ? `${id}-error` : undefined;
  const input = {
    ...getInputProps<InputHTMLAttributes<HTMLInputElement>>({
      id,
      inputMode: "numeric",
      autoComplete: "off",
      // Room for twelve digits in groups ('2465 000000 12'), as typed without JavaScript: the server
      // reads the digits. With it, the field keeps the digits alone, twelve at most.
      maxLength: 20,
      onInput: (event: FormEvent<HTMLInputElement>) => {
        const input = event.currentTarget;
        const digits = input.value.replace(/\D/g, "").slice(0, 12);
        if (digits !== input.value) input.value = digits;
      },
    }),
    ...CHANGE_ONLY,
    className: "field__input",
    "aria-invalid": error ? true : undefined,
  };
  return (
    <FieldShell id={id} label="ИНН организации" error={error} requiredMark={requiredMark} requiredWhen={requiredWhen}>
      {lookup ? (
        <CompanyCombobox id={id} input={input} describedBy={errorId} onChosen={validate} />
      ) : (
        <input {...input} aria-describedby={errorId} />
      )}
    </FieldShell>
  );
}

export function PhoneField({ formId }: { formId: string }) {
  const { error, getInputProps } = useField("phone", { validationBehavior: BEHAVIOUR });
  const id = `${formId}-phone`;
  return (
    <FieldShell id={id} label="Телефон" required error={error}>
      <PhoneInput
        {...getInputProps()}
        {...CHANGE_ONLY}
        id={id}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </FieldShell>
  );
}

export function CommentField({ formId, hint }: { formId: string; hint?: string }) {
  const { error, getInputProps } = useField("comment", { validationBehavior: BEHAVIOUR });
  const id = `${formId}-comment`;
  return (
    <FieldShell id={id} label="Комментарий" error={error} hint={hint}>
      <textarea
        {...getInputProps({ id, rows: 4, maxLength: 2000 })}
        {...CHANGE_ONLY}
        className="field__input field__textarea"
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </FieldShell>
  );
}

/** The separate, unticked consent required by 152-ФЗ, linking the consent text. */
export function ConsentField({ formId }: { formId: string }) {
  const { error, getInputProps } = useField("consent", { validationBehavior: BEHAVIOUR });
  const id = `${formId}-consent`;
  return (
    <div className={`field field--checkbox${error ? " field--error" : ""}`}>
      <label htmlFor={id} className="checkbox">
        <input
          {...getInputProps({ id, type: "checkbox", value: "on" })}
          {...CHANGE_ONLY}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span>
          Я даю{" "}
          <Link to="/privacy#consent" target="_blank">
            согласие на обработку персональных данных
          </Link>
          <span aria-hidden="true"> *</span>
        </span>
      </label>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function CheckboxField({ formId, name, label }: { formId: string; name: string; label: string }) {
  const { getInputProps } = useField(name);
  const id = `${formId}-${name}`;
  return (
    <div className="field field--checkbox">
      <label htmlFor={id} className="checkbox">
        <input {...getInputProps({ id, type: "checkbox", value: "on" })} />
        <span>{label}</span>
      </label>
    </div>
  );
}

/** Invisible to people (and to assistive technology); bots that fill every field reveal themselves. */
export function Honeypot() {
  return (
    <div className="hp" aria-hidden="true">
      <label>
        Не заполняйте это поле
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** The fields of every form in the order they are laid out, for the summary's list. */
const FIELD_ORDER = [
  ...["name", "phone", "email", "inn", "vehicle", "date"],
  ...["delivery", "address", "carrier", "carrierName", "city", "comment", "files", "consent"],
];
const place = (field: string) => (FIELD_ORDER.includes(field) ? FIELD_ORDER.indexOf(field) : FIELD_ORDER.length);

/**
 * Without JavaScript a refused form comes back as a new page, scrolled to its top: the messages
 * are listed here, at the top of the form, each linking to its field. With JavaScript the fields
 * show their messages as they are typed and the alert stays by the button, so this shows nothing.
 */
export function ErrorSummary({ formId, formError }: { formId: string; formError?: string }) {
  const hydrated = useHydrated();
  const { fieldErrors } = useFormContext(formId);
  const errors = Object.entries(fieldErrors)
    .filter(([, message]) => Boolean(message))
    .sort(([a], [b]) => place(a) - place(b));
  if (hydrated || (!formError && errors.length === 0)) return null;
  return (
    <div className="form-errors" role="alert" data-testid="form-errors">
      {formError ? <p className="form-errors__message">{formError}</p> : null}
      {errors.length > 0 ? (
        <>
          <p className="form-errors__title">Проверьте, пожалуйста:</p>
          <ul>
            {errors.map(([name, message]) => (
              <li key={name}>
                <a href={`#${formId}-${name}`}>{message}</a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** The form's alert by its button: with JavaScript always; without, when ErrorSummary has not shown it above. */
export function FormAlert({ message, besideSummary }: { message?: string; besideSummary?: boolean }) {
  const hydrated = useHydrated();
  if (besideSummary && !hydrated) return null;
  if (!message) return null;
  return (
    <p className="form-alert" role="alert">
      {message}
    </p>
  );
}
