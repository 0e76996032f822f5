import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, Link } from "@remix-run/react";
import { DESKS } from "~/content";
import { deskForPage } from "~/lib/desk";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { pageMeta } from "~/lib/seo";
import "~/components/site-frame"; // the frame's code as one script with this page (decision 013)

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Заявка отправлена",
    description: "Спасибо! Мы получили вашу заявку и скоро свяжемся с вами.",
    noindex: true,
  });

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // `goal` is read for analytics links but changes nothing on the page.
  url.searchParams.get("goal");
  const back = safeRedirectPath(url.searchParams.get("fromUrl"));
  // The hours of the desk that answers leads from that page (the content's work time).
  return json({ back, workTime: DESKS[deskForPage(back)].workTime });
}

export default function FormSuccess() {
  const { back, workTime } = useLoaderData<typeof loader>();
  return (
    <section className="container page page--narrow success-page">
      <h1>Заявка отправлена</h1>
      <p>Спасибо! Менеджер свяжется с вами в рабочее время: {workTime}.</p>
      <Link to={back} className="btn btn--primary" data-testid="back-link">
        Назад
      </Link>
    </section>
  );
}
