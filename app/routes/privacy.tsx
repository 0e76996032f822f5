import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { ConsentText } from "~/components/consent-text";
import { PrivacyPolicy } from "~/components/privacy-policy";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/seo";
import { useCompanyLookup } from "~/utils/use-company-lookup";
import "~/components/site-frame"; // the frame's code as one script with this page (decision 013)

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Политика конфиденциальности",
    description:
      "Политика обработки персональных данных и согласие на обработку персональных данных посетителей сайта официального дилера FAW.",
  });

/** The retention the server keeps to (LEAD_RETENTION_DAYS, ORDER_RETENTION_DAYS), stated in the policy. */
export function loader({ context }: LoaderFunctionArgs) {
  const { LEAD_RETENTION_DAYS, ORDER_RETENTION_DAYS } = context.services.config;
  return json({ retention: { leadDays: LEAD_RETENTION_DAYS, orderDays: ORDER_RETENTION_DAYS } });
}

export default function Privacy() {
  const { retention } = useLoaderData<typeof loader>();
  const companyLookup = useCompanyLookup();
  // The root's data, as useCompanyLookup reads it: Yandex Metrica counts visits only when set.
  const metrica = Boolean(
    (useRouteLoaderData("root") as { yandexMetricaId?: string | null } | undefined)?.yandexMetricaId,
  );
  return (
    <div className="container page page--narrow">
      <Breadcrumbs items={[{ name: "Главная", to: "/" }, { name: "Политика конфиденциальности" }]} />
      <h1>Политика конфиденциальности</h1>
      <PrivacyPolicy companyLookup={companyLookup} metrica={metrica} retention={retention} />
      <ConsentText companyLookup={companyLookup} />
    </div>
  );
}
