/**
 * The lead forms' action: the same steps for every form, whether a plain browser post, a
 * fetcher or the upload's XHR sent it. Validate again, keep the consent, hand the lead to the
 * notify gateway, then redirect to the success page or answer with the spec's error.
 */
import { json, redirect, type AppLoadContext } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import { validationError, type Validator } from "remix-validated-form";
import { consentTextVersion } from "~/lib/consent";
import { LEASING } from "~/content";
import { estimateLeasing, LEASING_PARAMS, leasingAsTyped, leasingFromParams, leasingSummary } from "~/lib/leasing";
import { truckOfPage } from "~/lib/truck-page";
import { HONEYPOT_FIELD, LEAD_FORMS, type LeadData, type LeadFormName } from "~/lib/lead-forms";
import { FORM_ERROR } from "~/lib/lead-schemas";
import { companyFields } from "~/lib/party";
import { phoneForSending } from "~/lib/phone";
import { safeRedirectPath } from "~/lib/safe-redirect";
import {
  fail,
  isRecalculation,
  onlyFields,
  overLimit,
  postCount,
  rateLimited,
  readSmallForm,
  recalculated,
  textValues,
  uncountedIfRefused,
  type PostCount,
} from "./form-post.server";
import type { OutgoingField } from "./notify-gateway.server";
import { repeatHash } from "./store/leads.server";
import { errorMessage, log } from "./log.server";
import { contentLengthTooBig, fieldsBeforeFiles, parseUpload, UploadError, UPLOAD_MESSAGES } from "./upload.server";

/**
 * `document` answers a form post or a fetcher (redirect or re-rendered page) on /lead/{form};
 * `json` answers the upload XHR on /api/lead-upload.
 */
export type LeadResponseMode = "document" | "json";

/** The same checks the browser ran, made again from the shared schemas. */
const VALIDATORS = Object.fromEntries(
  Object.entries(LEAD_FORMS).map(([name, { schema }]) => [name, withZod(schema)]),
) as Record<LeadFormName, Validator<LeadData>>;

/** The success page, remembering where the visitor came from. */
function successRedirect(mode: LeadResponseMode, page: string) {
  const to = `/form-success?fromUrl=${encodeURIComponent(page)}`;
  if (mode === "json") return json({ ok: true, redirectTo: to });
  return redirect(to, 303);
}

const LEAD_FIELDS = ["name", "phone", "inn", "kpp", "comment", "source", "consent", "page"] as const;
/** The leasing form also carries the calculator's figures (kept when the page is rendered again). */
const LEASING_LEAD_FIELDS = [...LEAD_FIELDS, ...LEASING_PARAMS] as const;
const SERVICE_LEAD_FIELDS = [...LEAD_FIELDS, "vehicle", "date"] as const;

const fieldsOf = (form: LeadFormName) =>
  form === "leasing" ? LEASING_LEAD_FIELDS : form === "service" ? SERVICE_LEAD_FIELDS : LEAD_FIELDS;

/**
 * The comment as sent: for a leasing lead, the calculation (or, when its values make none, the
 * values as typed and why) follows what the visitor wrote, so the notify payload keeps exactly
 * the spec's fields. The figures are worked out again here from the three values, never taken as
 * text from the browser.
 */
function leadComment(form: LeadFormName, comment: string, body: FormData, page: string): string {
  if (form === "service") {
    // The booking's own details go first in the comment: the payload keeps the spec's fields.
    const text = (name: string) => String(body.get(name) ?? "").trim();
    const details = [
      text("vehicle") && `Модель или VIN: ${text("vehicle")}`,
      text("date") && `Желаемая дата: ${text("date")}`,
      comment,
    ].filter(Boolean);
    return details.join("\n");
  }
  if (form !== "leasing" || !LEASING_PARAMS.every((name) => typeof body.get(name) === "string")) return comment;
  const reading = leasingFromParams(body);
  const truckName = truckOfPage(page)?.name;
  const { input } = reading;
  const calculation = input
    ? leasingSummary(input, estimateLeasing(input, LEASING.annualRatePercent), truckName)
    : leasingAsTyped(reading, truckName);
  return comment ? `${comment}\n${calculation}` : calculation;
}

/**
 * The 'Источник' field: a link to the page the visitor was on, or, on a truck page, the truck
 * itself (the caller-supplied value of spec §7).
 */
function sourceValue(siteUrl: string, page: string): string {
  const url = `${siteUrl}${page}`;
  const truck = truckOfPage(page);
  return truck ? `<a href="${url}">${truck.name}</a>` : `<a href="${url}">Источник</a>`;
}

/** What a refused upload gives back: the text the visitor typed, never the files or the consent. */
function typedBeforeFiles(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ["name", "phone", "comment", "page"])
    if (typeof fields[key] === "string") out[key] = fields[key].slice(0, 2000);
  return out;
}

/**
 * An upload refused before its files are taken in, answered by `answer` with the text typed before
 * the files: its body is read to the end and dropped, so the browser, still sending, gets the
 * answer; the connection is closed when the body was too long to read.
 */
async function refuseUpload(
  request: Request,
  answer: (typed: Record<string, string>, headers?: Record<string, string>) => Response,
): Promise<Response> {
  const { fields, drained } = await fieldsBeforeFiles(request);
  return answer(typedBeforeFiles(fields), drained ? undefined : { Connection: "close" });
}

/** Who posts, for recognising a repeat: the browser's own cookies when it sends any, else its address. */
function visitorOf(request: Request, clientIp: string): string {
  return request.headers.get("Cookie") || clientIp;
}

/** A parts list is the same post only with the same files: their names and sizes join its hash. */
function repeatOfUpload(repeat: string, files: { name: string; size: number }[]): string {
  return repeatHash("parts-list", [repeat, files.map((f) => [f.name, f.size])], "");
}

/** A lead form's post; one the site could not take (503) is not counted against the visitor's limit. */
export function handleLeadAction(
  request: Request,
  context: AppLoadContext,
  form: LeadFormName,
  mode: LeadResponseMode = "document",
) {
  const count = postCount(context);
  return uncountedIfRefused(count, takeLead(request, context, form, mode, count));
}

async function takeLead(
  request: Request,
  context: AppLoadContext,
  form: LeadFormName,
  mode: LeadResponseMode,
  count: PostCount,
) {
  const { services, clientIp } = context;
  let body: FormData;
  let reserved: { id: string; dir: string } | undefined;
  let files: Awaited<ReturnType<typeof parseUpload>>["files"] = [];
  if (form === "parts-list") {
    // Counted before the files are taken in, so no visitor writes more uploads than the limit;
    // given back below when the form comes back for the visitor's own mistakes.
    if (await count.over()) return refuseUpload(request, rateLimited);
    // Refused by its size alone: what was typed before the files still goes back to the form.
    if (contentLengthTooBig(request))
      return refuseUpload(request, (typed, headers) => fail(UPLOAD_MESSAGES.tooBig, 413, typed, headers));
    reserved = await services.notify.reserve().catch((error: unknown) => {
      log.error("upload's folder not made, lead refused", { form, error: errorMessage(error) });
      return undefined;
    });
    if (!reserved) return refuseUpload(request, (typed, headers) => fail(FORM_ERROR, 503, typed, headers));
    try {
      ({ form: body, files } = await parseUpload(request, reserved.dir));
    } catch (error) {
      await services.notify.discard(reserved.id);
      if (error instanceof UploadError)
        return fail(
          error.message,
          error.status,
          typedBeforeFiles(error.fields),
          // Refused before its end (too big, or the disk full): the rest is not read.
          error.status === 400 ? undefined : { Connection: "close" },
        );
      throw error;
    }
  } else {
    const small = await readSmallForm(request);
    if (!small) return fail(FORM_ERROR, 413, undefined, { Connection: "close" });
    // The leasing calculation without JavaScript: the form again with the figures; nothing is sent.
    if (isRecalculation(request, small)) return recalculated(small);
    body = small;
  }

  const discard = () => (reserved ? services.notify.discard(reserved.id) : Promise.resolve());
  const page = safeRedirectPath(body.get("page"));

  if (String(body.get(HONEYPOT_FIELD) ?? "") !== "") {
    // Answer like a success so the bot learns nothing; keep nothing.
    await discard();
    log.info("lead dropped by honeypot", { form });
    return successRedirect(mode, page);
  }

  const result = await VALIDATORS[form].validate(onlyFields(body, fieldsOf(form)));
  if (result.error) {
    await discard();
    await count.giveBack();
    if (mode === "json") return json({ fieldErrors: result.error.fieldErrors }, { status: 422 });
    // The page sent back holds none of the files chosen: the visitor is told to choose them again.
    const fieldErrors =
      files.length > 0 ? { ...result.error.fieldErrors, files: UPLOAD_MESSAGES.chooseAgain } : result.error.fieldErrors;
    return validationError({ ...result.error, fieldErrors }, result.submittedData);
  }
  // Counted once the lead would be taken: a form sent back for its mistakes (without JavaScript
  // only the server checks it) never uses up the visitor's leads. An upload was counted before
  // its files were written.
  if (!reserved) {
    const limited = await overLimit(count, textValues(body));
    if (limited) return limited;
  }
  const data = result.data;

  // Kept with the lead, in its transaction: a consent that cannot be recorded refuses the lead.
  const consent = {
    at: new Date().toISOString(),
    ip: clientIp,
    form,
    version: consentTextVersion(services.companies.enabled),
  };
  // The same post again from this visitor (a double click without JavaScript, a browser's resend)
  // is recognised by its fields and the visitor, never by a key in the (cacheable) page.
  const repeat = repeatHash(form, [...onlyFields(body, fieldsOf(form)).entries()], visitorOf(request, clientIp));

  const source = sourceValue(services.config.SITE_URL, page);
  let delivery;
  if (form === "parts-list") {
    const fields: OutgoingField[] = [
      { key: "name", value: data.name },
      { key: "phone", value: phoneForSending(data.phone) },
      { key: "comment", value: data.comment ?? "" },
    ];
    delivery = await services.notify.sendMultipart(
      form,
      reserved!.id,
      { name: services.config.NOTIFY_PARTS_LIST_NAME, fields, files },
      { consent, repeat: repeatOfUpload(repeat, files) },
    );
  } else {
    const company = await services.companies.findByInn(data.inn, data.kpp);
    const fields: OutgoingField[] = [
      { key: "name", value: data.name },
      { key: "phone", value: phoneForSending(data.phone) },
      { key: "inn", value: data.inn ?? "" },
      { key: "comment", value: leadComment(form, data.comment ?? "", body, page) },
      // The site's own link: the one value sent as markup (every other is escaped as text).
      { key: "source", value: source, markup: true },
      ...companyFields(company),
    ];
    delivery = await services.notify.sendLead(form, { name: "callback", fields }, { consent, repeat });
  }

  // Not written (the store away, its disk full): 503, nothing half-written; not delivered: 502.
  if (!delivery.ok) return fail(FORM_ERROR, delivery.status === "not written" ? 503 : 502, textValues(body));
  return successRedirect(mode, page);
}
