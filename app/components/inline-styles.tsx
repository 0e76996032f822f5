import { readBuiltCss } from "~/lib/inline-css.server";

/**
 * The site's stylesheets inlined in <head> (Lighthouse: no render-blocking request before the
 * first paint). The server reads the built files; in the browser (where the .server module is
 * empty) each <style> keeps the text the server sent, so hydration matches and a re-render
 * never empties it.
 */
export function InlineStyles({ hrefs }: { hrefs: string[] }) {
  return (
    <>
      {hrefs.map((href) => {
        const css =
          typeof document === "undefined"
            ? (readBuiltCss?.(href) ?? "")
            : (document.querySelector(`style[data-href="${CSS.escape(href)}"]`)?.textContent ?? "");
        return <style key={href} data-href={href} dangerouslySetInnerHTML={{ __html: css }} />;
      })}
    </>
  );
}
