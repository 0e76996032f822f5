import type { MetaFunction } from "@remix-run/node";
import { ModalLink } from "~/components/modal-link";
import { pageMeta, SITE_TITLE } from "~/lib/seo";

export const meta: MetaFunction = () =>
  pageMeta({
    title: SITE_TITLE,
    description: "Официальный дилер FAW в Красноярске: тягачи J6 и J7, самосвалы, спецтехника, запчасти, сервис и лизинг.",
  });

export default function Home() {
  return (
    <section className="hero">
      <div className="container hero__content">
        <h1 className="hero__title">Технологии J7 — экономия до 400 000 ₽</h1>
        <div className="hero__actions">
          <ModalLink modal="callback" className="btn btn--primary">
            Оставить заявку
          </ModalLink>
          <ModalLink modal="leasing" className="btn btn--light">
            Расчет лизинга
          </ModalLink>
        </div>
      </div>
    </section>
  );
}
