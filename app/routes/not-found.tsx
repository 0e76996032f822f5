import { json, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { pageMeta } from "~/lib/seo";
import "~/components/site-frame"; // the frame's code as one script with this page (decision 013)

export const meta: MetaFunction = () =>
  pageMeta({ title: "Страница не найдена", description: "Такой страницы на сайте нет.", noindex: true });

export function loader() {
  return json(null, { status: 404 });
}

export default function NotFound() {
  return (
    <section className="container page page--narrow error-page">
      <p className="error-page__code" aria-hidden="true">
        404
      </p>
      <h1>Страница не найдена</h1>
      <p>Возможно, она была удалена или вы перешли по устаревшей ссылке.</p>
      <div className="error-page__actions">
        <Link to="/" className="btn btn--primary">
          На главную
        </Link>
        <Link to="/catalog/parts" className="btn btn--outline">
          Каталог запчастей
        </Link>
      </div>
    </section>
  );
}
