import type { MetaFunction } from "@remix-run/node";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { ConsentText } from "~/components/consent-text";
import { PrivacyPolicy } from "~/components/privacy-policy";
import { useRouteLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/seo";
import { useCompanyLookup } from "~/utils/use-company-lookup";
import "~/components/site-frame"; // the frame's code as one script with this page (decision 013)

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Политика конфиденциальности",
    description:
      "Политика обработки персональных данных и согласие на обработку персональных данных посетителей сайта официального дилера FAW.",
  });

export default function Privacy() {
  const companyLookup = useCompanyLookup();
  // The root's data, as useCompanyLookup reads it: Yandex Metrica counts visits only when set.
  const metrica = Boolean(
    (useRouteLoaderData("root") as { yandexMetricaId?: string | null } | undefined)?.yandexMetricaId,
  );
  return (
    <div className="container page page--narrow">
      <Breadcrumbs items={[{ name: "Главная", to: "/" }, { name: "Политика конфиденциальности" }]} />
      <h1>Политика конфиденциальности</h1>
      <PrivacyPolicy companyLookup={companyLookup} metrica={metrica} />
      <ConsentText companyLookup={companyLookup} />
    </div>
  );
}
