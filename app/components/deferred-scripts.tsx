import { Scripts } from "@remix-run/react";

/**
 * Runs once the page's first frame is on screen: parses Remix's script tags out of the
 * <noscript> below and puts them into the page, where they start loading and hydrating.
 * A fallback timer covers tabs that never paint (opened in the background).
 */
const LOADER = `(function(){var box=document.getElementById("hydration-scripts"),done=false;function load(){if(done||!box)return;done=true;box.appendChild(document.createRange().createContextualFragment(box.textContent||""))}requestAnimationFrame(function(){setTimeout(load,0)});setTimeout(load,1000)})()`;

/**
 * Remix's <Scripts>, loaded after the first paint instead of with the HTML.
 *
 * Every page is whole without JavaScript, so its text and pictures should reach the screen
 * first; on a slow mobile network the ~100 KB of scripts would otherwise share the line with the
 * HTML's tail and the images in view. With scripting on, the browser reads a <noscript>'s
 * content as plain text, so the tags inside fetch and run nothing until LOADER turns them into
 * elements — inside the <noscript> itself, which React leaves alone (it never hydrates a
 * <noscript>'s children), so hydration sees the page exactly as the server sent it. The tags
 * carry this response's CSP nonce. Without scripting the <noscript> content is inert markup.
 */
export function DeferredScripts({ nonce }: { nonce: string }) {
  return (
    <>
      <noscript id="hydration-scripts">
        <Scripts nonce={nonce} />
      </noscript>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: LOADER }} />
    </>
  );
}
