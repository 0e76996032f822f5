import { useRouteLoaderData } from "@remix-run/react";

/**
 * Whether the site looks companies up by ИНН in DaData's register (DADATA_API_KEY is set): the ИНН
 * fields offer companies and /privacy names DaData as a processor. A flag of the root loader, never the key.
 */
export function useCompanyLookup(): boolean {
  return (useRouteLoaderData("root") as { companyLookup?: boolean } | undefined)?.companyLookup === true;
}
