import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { COOKIE_CONSENT_STORAGE_KEY } from "~/lib/consent";
import { serializeConsentCookie } from "~/lib/cookies";

/**
 * Shown until accepted. Without JavaScript 'Принять' posts to /cookie-consent and comes back;
 * with JavaScript it hides at once and stores the flag in localStorage and the cookie.
 */
export function CookieBanner() {
  const location = useLocation();
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    // Accepted earlier in this browser but the cookie is gone: restore it quietly.
    try {
      if (window.localStorage.getItem(COOKIE_CONSENT_STORAGE_KEY) === "true") {
        document.cookie = serializeConsentCookie();
        setHidden(true);
      }
    } catch {
      // Storage can be blocked; the cookie alone still works.
    }
  }, []);

  if (hidden) return null;
  return (
    <section className="cookie-banner" aria-label="Уведомление о cookie" data-testid="cookie-banner">
      <p>
        Мы используем файлы cookie, чтобы сайт работал корректно и чтобы понимать, как им пользуются. Подробнее — в{" "}
        <Link to="/privacy#cookies">политике конфиденциальности</Link>.
      </p>
      <Form
        method="post"
        action="/cookie-consent"
        reloadDocument
        onSubmit={(event) => {
          // With JavaScript no round trip is needed: store both flags here.
          event.preventDefault();
          try {
            window.localStorage.setItem(COOKIE_CONSENT_STORAGE_KEY, "true");
          } catch {
            // Storage can be blocked; the cookie alone still works.
          }
          document.cookie = serializeConsentCookie();
          setHidden(true);
        }}
      >
        <input type="hidden" name="returnTo" value={location.pathname + location.search} />
        <button type="submit" className="btn btn--primary">
          Принять
        </button>
      </Form>
    </section>
  );
}
