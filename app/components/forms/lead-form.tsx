import { useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { withZod } from "@remix-validated-form/with-zod";
import { useFormContext, useIsSubmitting, ValidatedForm, type Validator } from "remix-validated-form";
import { LEAD_FORMS, LEAD_UPLOAD_URL, type LeadData, type LeadFormName } from "~/lib/lead-forms";
import {
  CommentField,
  ConsentField,
  ErrorSummary,
  FormAlert,
  Honeypot,
  InnField,
  PhoneField,
  TextField,
  useEnhancedMark,
} from "./fields";
import { FileField, uploadWithProgress, type UploadState } from "./file-field";
import { useHydrated } from "~/utils/use-hydrated";
import "~/components/site-frame"; // loaded after the frame: its shared code stays in the frame's script (decision 013)

export interface LeadFormProps {
  form: LeadFormName;
  /** The page the visitor is on: the lead's source and where 'Назад' leads after success. */
  page: string;
  defaultValues?: Record<string, string>;
  /** An error the server answered with when the page was rendered (no JavaScript). */
  serverError?: string;
  /**
   * In a modal the form submits through a fetcher and stays in place. On its own page (where a
   * post without JavaScript lands) it must not: the validator reads a fetcher's errors only, and
   * the page's errors come from the route's action data.
   */
  inPage?: boolean;
  /**
   * Hidden fields the lead carries beside what the visitor types, and the line that tells the
   * visitor what they add (the leasing calculation).
   */
  attachment?: { fields?: Record<string, string>; note: string };
}

/** Each form's schema as remix-validated-form's validator, built once (the server builds its own). */
const VALIDATORS = Object.fromEntries(
  Object.entries(LEAD_FORMS).map(([name, { schema }]) => [name, withZod(schema)]),
) as Record<LeadFormName, Validator<LeadData>>;

/**
 * Disabled while the form is sent and, with JavaScript, while any message is shown (spec §4).
 * Without JavaScript the server's messages leave it enabled: fixing a field changes nothing
 * there, and the visitor must be able to send the form again.
 */
export function SubmitButton({ formId, label, busy }: { formId: string; label: string; busy?: boolean }) {
  const submitting = useIsSubmitting(formId) || busy;
  const { fieldErrors } = useFormContext(formId);
  const hydrated = useHydrated();
  const hasErrors = hydrated && Object.values(fieldErrors).some(Boolean);
  return (
    <button
      type="submit"
      className="btn btn--primary form__submit"
      disabled={submitting || hasErrors}
      aria-busy={submitting || undefined}
    >
      {submitting ? "Отправляем…" : label}
    </button>
  );
}

/** Shows the spec's alert once for each failed submission, with JavaScript. */
function useFailureAlert(message: string | undefined, token: unknown) {
  useEffect(() => {
    if (message) window.alert(message);
  }, [message, token]);
}

/**
 * A lead form posting to /lead/{form}. Without JavaScript it is a plain form; with JavaScript a
 * fetcher submits it in place (the parts list goes through XHR to show upload progress).
 */
export function LeadForm({ form, page, defaultValues, serverError, inPage = false, attachment }: LeadFormProps) {
  const spec = LEAD_FORMS[form];
  const formId = `lead-${form}`;
  const fetcher = useFetcher<{ formError?: string }>({ key: formId });
  const navigate = useNavigate();
  const [upload, setUpload] = useState<UploadState>({ state: "idle" });
  const formRef = useRef<HTMLFormElement>(null);

  const fetcherError = fetcher.state === "idle" ? fetcher.data?.formError : undefined;
  const uploadError = upload.state === "failed" ? upload.message : undefined;
  useFailureAlert(fetcherError, fetcher.data);
  useFailureAlert(uploadError, upload);
  const error = fetcherError ?? uploadError ?? serverError;
  // The form's chunk may load after the rest of the page: tests can tell when it runs.
  useEnhancedMark(formRef);

  return (
    <ValidatedForm
      id={formId}
      formRef={formRef}
      validator={VALIDATORS[form]}
      method="post"
      // The page rides in the address too: a refused post without JavaScript comes back to this
      // address, whose page (a truck's) names what the form is about, as the modal did.
      action={`/lead/${form}?page=${encodeURIComponent(page)}`}
      encType={form === "parts-list" ? "multipart/form-data" : undefined}
      fetcher={inPage ? undefined : fetcher}
      defaultValues={defaultValues}
      className="form"
      noValidate
      onSubmit={async (_data, event) => {
        if (form !== "parts-list" || !formRef.current) return;
        // The upload goes through XHR for its progress bar, to the resource route that answers JSON.
        event.preventDefault();
        const result = await uploadWithProgress(LEAD_UPLOAD_URL, new FormData(formRef.current), setUpload);
        if (result.redirectTo) navigate(result.redirectTo);
      }}
    >
      <input type="hidden" name="page" value={page} />
      {attachment?.fields
        ? Object.entries(attachment.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))
        : null}
      <Honeypot />
      <ErrorSummary formId={formId} formError={serverError} />
      <div className="form__grid">
        <TextField formId={formId} name="name" label="ФИО" required autoComplete="name" />
        <PhoneField formId={formId} />
        {form === "buy" || form === "parts-list" ? null : <InnField formId={formId} />}
      </div>
      {form === "service" ? (
        <div className="form__grid">
          <TextField formId={formId} name="vehicle" label="Модель или VIN" maxLength={200} />
          <TextField formId={formId} name="date" label="Желаемая дата" type="date" maxLength={40} />
        </div>
      ) : null}
      {form === "buy" ? null : <CommentField formId={formId} />}
      {form === "parts-list" ? <FileField upload={upload} /> : null}
      {attachment ? (
        <p className="form__attachment" data-testid="lead-attachment">
          В заявку войдет расчет: {attachment.note}
        </p>
      ) : null}
      <ConsentField formId={formId} />
      <FormAlert message={error} besideSummary={!fetcherError && !uploadError} />
      <p className="form__note">
        <span aria-hidden="true">*</span> — обязательные поля
      </p>
      <SubmitButton formId={formId} label={spec.submit} busy={upload.state === "sending"} />
    </ValidatedForm>
  );
}
