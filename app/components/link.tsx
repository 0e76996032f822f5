import { useLinkClickHandler, useLocation } from "@remix-run/react";
import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { isCurrentPath, type SitePath } from "~/lib/site-path";

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  to: SitePath;
  replace?: boolean;
  preventScrollReset?: boolean;
  state?: unknown;
}

/**
 * The site's in-app link (decision 014): an `<a href>` that the router follows on a plain click,
 * built on `useLinkClickHandler`, React Router's hook for custom links, with the same click rules
 * as Remix's `<Link>` (a modified click, a middle click or another target is the browser's). It
 * resolves its path once; Remix's `<Link>` resolves it three times, which made links about a fifth
 * of a page's server time. Paths are absolute by type. `data-discover` asks Remix to discover the
 * route when the link renders, as its own links do, so a click does not wait on the manifest.
 */
export function Link({ to, replace, preventScrollReset, state, target, onClick, children, ...rest }: LinkProps) {
  const follow = useLinkClickHandler(to, { replace, preventScrollReset, state, target });
  return (
    <a
      {...rest}
      href={to}
      target={target}
      data-discover="true"
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) follow(event);
      }}
    >
      {children}
    </a>
  );
}

/** A menu link that marks the current section: class `active` and `aria-current="page"`. */
export function NavLink({ to, className, ...rest }: LinkProps & { className: string }) {
  const current = isCurrentPath(useLocation().pathname, to);
  return (
    <Link
      {...rest}
      to={to}
      className={current ? `${className} active` : className}
      aria-current={current ? "page" : undefined}
    />
  );
}
