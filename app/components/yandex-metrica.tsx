import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { metricaGoal, metricaPixelUrl } from "~/lib/analytics";
import { onlyModalChanged } from "~/lib/modal";
import { useCookieConsent } from "~/utils/cookie-consent";
import { metrica, startMetrica } from "~/utils/metrica";

/**
 * The Yandex Metrica counter, rendered only when one is configured. Nothing of it loads before
 * the visitor accepts the cookie banner (152-ФЗ): with JavaScript the tag is started at that
 * moment (or on the first page, for a visitor who accepted earlier); without JavaScript the
 * server adds the counter's pixel once the consent cookie is there. Then it counts the pages a
 * visitor opens in place and reaches the goals of the pages a lead and an order end on.
 */
export function YandexMetrica({ counterId, acceptedOnServer }: { counterId: string; acceptedOnServer: boolean }) {
  const accepted = useCookieConsent(acceptedOnServer);
  const location = useLocation();
  const page = location.pathname + location.search;
  const lastPage = useRef<string | null>(null);

  useEffect(() => {
    if (accepted) startMetrica(counterId);
  }, [accepted, counterId]);

  // The tag counts the page it starts on; pages opened in place are counted here. A modal opening
  // or closing is not a new page.
  useEffect(() => {
    if (!accepted) return;
    const previous = lastPage.current;
    lastPage.current = page;
    if (previous === null || previous === page) return;
    const origin = window.location.origin;
    if (onlyModalChanged(new URL(previous, origin), new URL(page, origin))) return;
    metrica(counterId, "hit", origin + page, { referer: origin + previous });
  }, [accepted, counterId, page]);

  useEffect(() => {
    const goal = metricaGoal(location.pathname);
    if (accepted && goal) metrica(counterId, "reachGoal", goal);
  }, [accepted, counterId, location.pathname, location.key]);

  return acceptedOnServer ? (
    <noscript>
      <img src={metricaPixelUrl(counterId)} alt="" className="metrica-pixel" />
    </noscript>
  ) : null;
}
