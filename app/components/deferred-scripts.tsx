import { Scripts } from "@remix-run/react";

/** Modulepreload links inserted per task by LOADER. */
export const PRELOADS_PER_TASK = 2;

/**
 * How long LOADER waits for a first contentful paint before loading the scripts anyway: only a
 * tab that never paints (opened in the background) should ever get there. A first frame can be
 * late on a busy phone, and starting the scripts before it only makes it later still.
 */
export const PAINT_FALLBACK_MS = 3000;

/**
 * Runs once the page's first contentful paint is on screen: parses Remix's script tags out of
 * the <noscript> below and puts them into the page, where they start loading and hydrating.
 * It waits for the browser's own first-contentful-paint entry (a frame painted by the main
 * thread is only on screen once it has been rastered and presented, which on a phone can be a
 * while later); browsers without paint timing go one frame after the first. A fallback timer
 * (PAINT_FALLBACK_MS) covers tabs that never paint (opened in the background).
 *
 * Before the scripts, three short tasks make the first browser calls of the router and the cart
 * ahead of time, so they are not part of the long tasks in which Remix creates its router and
 * React runs the page's effects: stamping the history entry with the index the router keeps there
 * (`idx: 0`, exactly the replaceState the router makes when the entry has none; an entry that has
 * one, after a reload or Back, is left alone), then opening session storage (the router's), then
 * local storage (the cart's and the cookie banner's). The first touch of each is a synchronous
 * round trip to the browser process, a few milliseconds, more on a busy phone. Every step runs in
 * a task of its own; storage that is blocked (it throws) is simply skipped.
 *
 * The modulepreload links go in two per task (after the task that parses the tags), then the
 * scripts: inserting one starts its fetch synchronously (≈ 2–5 ms each on a phone-class CPU),
 * and a page links some 25 chunks, so all at once made one 20–60 ms task that held up taps.
 * The links still come first, in Remix's order, so every chunk is on the wire before the module
 * script asks for it.
 */
export const LOADER = `(function(){var box=document.getElementById("hydration-scripts"),done=false;function load(){if(done||!box)return;done=true;var f=document.createRange().createContextualFragment(box.textContent||""),links=[].slice.call(f.querySelectorAll('link[rel="modulepreload"]'));links.forEach(function(l){l.remove()});var steps=[function(){try{var h=history;if(!h.state||h.state.idx==null)h.replaceState(Object.assign({},h.state,{idx:0}),"")}catch(e){}},function(){try{sessionStorage.length}catch(e){}},function(){try{localStorage.length}catch(e){}}];function insert(batch){return function(){for(var i=0;i<batch.length;i++)box.appendChild(batch[i])}}while(links.length)steps.push(insert(links.splice(0,${PRELOADS_PER_TASK})));steps.push(function(){box.appendChild(f)});function run(){steps.shift()();if(steps.length)setTimeout(run,0)}setTimeout(run,0)}function soon(){setTimeout(load,0)}try{new PerformanceObserver(function(list,obs){if(list.getEntriesByName("first-contentful-paint").length){obs.disconnect();soon()}}).observe({type:"paint",buffered:true});if(PerformanceObserver.supportedEntryTypes.indexOf("paint")<0)throw 0}catch(e){requestAnimationFrame(soon)}setTimeout(load,${PAINT_FALLBACK_MS})})()`;

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
