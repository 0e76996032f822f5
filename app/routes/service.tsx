import type { MetaFunction } from "@remix-run/node";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction = () => pageMeta({ title: "Гарантия и сервис", description: "Гарантийное и сервисное обслуживание грузовиков FAW в Красноярске." });

export default function Page() {
  return (
    <section className="container page">
      <h1>Гарантия и сервис</h1>
    </section>
  );
}
