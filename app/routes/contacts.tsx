import type { MetaFunction } from "@remix-run/node";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction = () => pageMeta({ title: "Контакты", description: "Адреса и телефоны отдела продаж и сервисного центра FAW в п. Солонцы, Красноярский край." });

export default function Page() {
  return (
    <section className="container page">
      <h1>Контакты</h1>
    </section>
  );
}
