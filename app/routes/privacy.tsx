import type { MetaFunction } from "@remix-run/node";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { ConsentText } from "~/components/consent-text";
import { PrivacyPolicy } from "~/components/privacy-policy";
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
  return (
    <div className="container page page--narrow">
      <Breadcrumbs items={[{ name: "Главная", to: "/" }, { name: "Политика конфиденциальности" }]} />
      <h1>Политика конфиденциальности</h1>
      <PrivacyPolicy companyLookup={companyLookup} />
      <ConsentText companyLookup={companyLookup} />
    </div>
  );
}
