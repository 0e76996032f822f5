import { Form, useLocation, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { acceptCookies, restoreAcceptedCookies } from "~/utils/cookie-consent";

/**
 * Shown until accepted. Without JavaScript 'Принять' posts to /cookie-consent and comes back;
 * with JavaScript it hides at once and stores the flag in localStorage and the cookie. Kept short
 * (two or three lines beside the button on a phone), so it never hides the page's first screen.
 */
export function CookieBanner() {
  const location = useLocation();
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    // Accepted earlier in this browser but the cookie is gone: restore it quietly.
    if (restoreAcceptedCookies()) setHidden(true);
  }, []);

  if (hidden) return null;
  return (
    <section className="cookie-banner" aria-label="Уведомление о cookie" data-testid="cookie-banner">
      <p>
        Мы используем cookie для работы сайта и статистики. <Link to="/privacy#cookies">Подробнее</Link>
      </p>
      <Form
        method="post"
        action="/cookie-consent"
        reloadDocument
        onSubmit={(event) => {
          // With JavaScript no round trip is needed: store both flags here.
          event.preventDefault();
          acceptCookies();
          setHidden(true);
        }}
      >
        <input type="hidden" name="returnTo" value={location.pathname + location.search} />
        <button type="submit" className="btn btn--primary cookie-banner__accept">
          Принять
        </button>
      </Form>
    </section>
  );
}
