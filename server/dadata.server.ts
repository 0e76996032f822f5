/**
 * Companies and sole traders by their ИНН, from DaData's party register
 * (https://dadata.ru/api/suggest/party/, https://dadata.ru/api/find-party/). The key stays here;
 * the browser asks the site's own route (app/routes/api.company-suggest.ts).
 *
 * A company is a convenience, never a condition: a slow (over 2 s), failing or unconfigured
 * register answers nothing, and the form it was asked for goes on exactly as without it.
 */
import { z } from "zod";
import type { Party } from "~/lib/party";
import type { Config } from "./config.server";
import { errorMessage, log } from "./log.server";
import type { UpstreamObserver } from "./notify-gateway.server";

export interface CompanyDirectory {
  /** Whether a register is configured (DADATA_API_KEY): the forms offer suggestions and /privacy names it. */
  readonly enabled: boolean;
  /** Up to `count` companies whose ИНН starts with (or is) `query`; none on any failure. */
  suggest(query: string, options?: { signal?: AbortSignal; count?: number }): Promise<Party[]>;
  /**
   * The company with exactly this ИНН, or undefined (not found, bad ИНН, register down): the branch
   * of this КПП when the register confirms it (a suggestion the customer chose), else the head office.
   */
  findByInn(inn: string | undefined, kpp?: string): Promise<Party | undefined>;
}

export const DADATA_TIMEOUT_MS = 2000;
const SUGGEST_COUNT = 5;

/** The part of DaData's answer the site reads; anything else in it is ignored. */
const answerSchema = z.object({
  suggestions: z.array(
    z.object({
      value: z.string(),
      data: z.object({
        inn: z.string(),
        kpp: z.string().nullish(),
        type: z.string().nullish(),
        name: z.object({ short_with_opf: z.string().nullish(), full_with_opf: z.string().nullish() }).nullish(),
        address: z.object({ value: z.string().nullish() }).nullish(),
      }),
    }),
  ),
});

type Suggestion = z.infer<typeof answerSchema>["suggestions"][number];

function toParty({ value, data }: Suggestion): Party {
  const name = data.name?.short_with_opf || value || data.name?.full_with_opf || data.inn;
  // A sole trader (12-digit ИНН) has no КПП, whatever the register says.
  const kpp = data.inn.length === 10 && data.kpp ? data.kpp : undefined;
  const address = data.address?.value || undefined;
  return { inn: data.inn, name, ...(kpp ? { kpp } : {}), ...(address ? { address } : {}) };
}

type DadataConfig = Pick<Config, "DADATA_API_KEY" | "DADATA_API_URL">;

export function createDadataGateway(
  config: DadataConfig,
  options: { fetch?: typeof fetch; onUpstream?: UpstreamObserver; timeoutMs?: number } = {},
): CompanyDirectory {
  const key = config.DADATA_API_KEY;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const timeoutMs = options.timeoutMs ?? DADATA_TIMEOUT_MS;

  /** The register's answer; undefined when it failed (or the visitor moved on). */
  async function call(
    method: "suggest" | "findById",
    body: object,
    signal?: AbortSignal,
  ): Promise<Party[] | undefined> {
    if (!key) return undefined;
    const started = Date.now();
    const seconds = () => (Date.now() - started) / 1000;
    const timeout = AbortSignal.timeout(timeoutMs);
    let outcome: "ok" | "http_error" | "timeout" | "network" | "invalid" = "network";
    try {
      const res = await doFetch(`${config.DADATA_API_URL}/suggestions/api/4_1/rs/${method}/party`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", Authorization: `Token ${key}` },
        body: JSON.stringify(body),
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
      if (!res.ok) {
        await res.arrayBuffer().catch(() => undefined);
        outcome = "http_error";
        throw new Error(`DaData answered ${res.status}`);
      }
      const parsed = answerSchema.safeParse(await res.json().catch(() => undefined));
      if (!parsed.success) {
        outcome = "invalid";
        throw new Error("DaData's answer is not a list of suggestions");
      }
      outcome = "ok";
      return parsed.data.suggestions.map(toParty);
    } catch (error) {
      // The visitor moved on (a newer query, the page left): not the register's failure.
      if (signal?.aborted && !timeout.aborted) return undefined;
      if (timeout.aborted) outcome = "timeout";
      log.warn("company register failed, going on without it", {
        method,
        error: errorMessage(error),
        ms: Date.now() - started,
      });
      return undefined;
    } finally {
      if (!(signal?.aborted && !timeout.aborted)) options.onUpstream?.(outcome, seconds());
    }
  }

  return {
    enabled: Boolean(key),
    async suggest(query, { signal, count = SUGGEST_COUNT } = {}) {
      if (!/^\d{3,12}$/.test(query)) return [];
      return (await call("suggest", { query, count }, signal)) ?? [];
    },
    async findByInn(inn, kpp) {
      if (!inn || !/^(\d{10}|\d{12})$/.test(inn)) return undefined;
      // A branch has its own КПП under the company's ИНН: the form's КПП is the customer's choice,
      // taken only as the register confirms it (a forged or stale one falls back to the head office).
      if (kpp && inn.length === 10 && /^\d{9}$/.test(kpp)) {
        const branches = await call("findById", { query: inn, kpp });
        // The register is down: asked once, not twice (each ask may take the whole timeout).
        if (!branches) return undefined;
        const branch = branches.find((party) => party.inn === inn && party.kpp === kpp);
        if (branch) return branch;
      }
      const found = await call("findById", { query: inn, branch_type: "MAIN" });
      return found?.find((party) => party.inn === inn);
    },
  };
}
