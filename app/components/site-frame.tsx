import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { DEALER } from "~/content";
import { canonicalPath } from "~/lib/canonical";
import type { RootData } from "~/root";
import { CartProvider, useCart } from "./cart-provider";
import { CookieBanner } from "./cookie-banner";
import { ModalOutlet } from "./modal-outlet";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { dealerJsonLd, JsonLd } from "./structured-data";
import { YandexMetrica } from "./yandex-metrica";

/** Canonical URL, Open Graph URL and image, and the dealer's structured data where it belongs. */
export function SiteHead({ siteUrl }: { siteUrl: string }) {
  const { pathname, search } = useLocation();
  const canonical = `${siteUrl}${canonicalPath(pathname, search)}`;
  return (
    <>
      <link rel="canonical" href={canonical} />
      <meta property="og:url" content={canonical} />
      <meta property="og:site_name" content={DEALER.name} />
      <meta property="og:image" content={`${siteUrl}/video/hero-poster.jpg`} />
      <meta property="og:image:width" content="1280" />
      <meta property="og:image:height" content="720" />
      {pathname === "/" || pathname === "/contacts" ? <JsonLd data={dealerJsonLd(siteUrl)} /> : null}
    </>
  );
}

const NO_CART: [] = [];
const NO_EVENTS: [] = [];
const NO_BALANCES: Record<string, number> = {};

function HeaderWithCart() {
  return <SiteHeader cartCount={useCart().count} />;
}

/**
 * What every page shows around its own content: the cookie banner, the header with the cart, the
 * footer, the modal named in the URL, and Metrica once the visitor has accepted cookies.
 *
 * Every page route, and every module a page loads lazily, also imports this module
 * (`import "~/components/site-frame"`), although the root renders it: the bundler (esbuild, under Remix's classic compiler) puts shared code in one
 * script per set of entry points that import it, so the frame's modules, which some routes import
 * too, came as some twenty small scripts. Imported by every page, they make one (decision 013).
 */
export function SiteFrame({ data, children }: { data: RootData | undefined; children: ReactNode }) {
  return (
    <>
      {/* Early in the page (it is fixed to the bottom of the screen): painted with the first frame,
          not after the rest of the HTML has been parsed, and reached right after the skip link. */}
      {data && !data.cookieAccepted ? <CookieBanner /> : null}
      <CartProvider
        serverCart={data?.cart ?? NO_CART}
        balances={data?.balances ?? NO_BALANCES}
        pendingEvents={data?.cartEvents ?? NO_EVENTS}
      >
        <HeaderWithCart />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
        <ModalOutlet />
      </CartProvider>
      {data?.yandexMetricaId ? (
        <YandexMetrica counterId={data.yandexMetricaId} acceptedOnServer={data.cookieAccepted} />
      ) : null}
    </>
  );
}
