/**
 * The dealer's logo, drawn inline. The same drawing is public/images/logo.svg, which the
 * structured data points search engines to; logo.test.tsx keeps the two alike.
 *
 * The wordmark is outlined: its letters are paths taken from Liberation Sans (Bold for "FAW",
 * Regular for "СОЛОНЦЫ"; SIL Open Font License), the Arial-metric face it was set in, at the
 * same positions and sizes. A logo set as <text> looks different on every device, depending on
 * the fonts installed (Android has no Arial), and costs each cold page load its own font lookups.
 *
 * Inline rather than <img src="logo.svg">: an SVG loaded as an image gets a document of its
 * own, which cost main-thread time on every cold page load (the header is on every page).
 */
export function Logo({ className }: { className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="132"
      height="40"
      viewBox="0 0 132 40"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      <rect width="40" height="40" rx="8" fill="#c8102e" />
      <path d="M10 11h20v4.4H15.3v3.8h12.3v4.4H15.3V29H10z" fill="#fff" />
      <path
        d="M57.8 9.2h-6.2v3.6h6v1.9h-6v4.3h-2.5v-11.7h8.7v1.9zM69.3 19h-2.4l-1.1-3h-4.4l-1.1 3h-2.4l4.2-11.7h2.9l4.3 11.7zM65.3 14.2l-1.2-3.4q-.1-.3-.2-.6q-.1-.3-.1-.5q-.1-.3-.2-.4q0-.2 0-.2q0 0-.1 .2q0 .1-.1 .4q-.1 .2-.1 .5q-.1 .3-.2 .6l-1.2 3.4h3.4zM84.8 7.3l-3 11.7h-2.9l-1.6-6.8q-.1-.3-.2-.7q0-.4-.1-.8q-.1-.5-.2-1q-.1 .5-.2 1q0 .2-.1 .4q0 .2 0 .4q-.1 .2-.1 .4q-.1 .2-.1 .3l-1.6 6.8h-2.9l-3-11.7h2.5l1.4 6.5q.2 .5 .3 1.1q.1 .5 .2 .9q.1 .5 .2 .9q.1-.6 .2-1.2q0-.3 .1-.5q.1-.3 .1-.5q.1-.3 .1-.5q.1-.3 .1-.5l1.5-6.2h2.7l1.5 6.2q0 .2 .1 .5q0 .2 .1 .5q0 .2 .1 .5q0 .3 .1 .5q.1 .6 .2 1.2q.1-.5 .2-1q.1-.4 .2-.9q.1-.5 .2-1l1.4-6.5h2.5z"
        fill="#14181d"
      />
      <path
        d="M52.3 27.2q-.7 0-1.2 .2q-.5 .2-.8 .6q-.4 .4-.5 .9q-.2 .6-.2 1.3q0 .7 .2 1.2q.2 .6 .5 1q.4 .4 .9 .6q.5 .3 1.1 .3q.4 0 .8-.2q.4-.1 .7-.3q.2-.2 .5-.5q.2-.3 .4-.6l.8 .4q-.2 .4-.5 .8q-.3 .4-.7 .6q-.4 .3-.9 .5q-.5 .1-1.2 .1q-.9 0-1.6-.3q-.7-.3-1.1-.8q-.5-.5-.7-1.2q-.2-.8-.2-1.6q0-.9 .2-1.6q.2-.7 .7-1.2q.5-.5 1.2-.8q.7-.3 1.5-.3q1.3 0 2.1 .5q.8 .5 1.2 1.4l-1 .3q-.1-.3-.3-.5q-.2-.2-.5-.4q-.2-.2-.6-.3q-.4-.1-.8-.1zM63.7 30.2q0 .9-.2 1.6q-.3 .7-.8 1.2q-.4 .5-1.1 .8q-.7 .3-1.6 .3q-1 0-1.7-.3q-.7-.3-1.1-.8q-.5-.5-.7-1.2q-.3-.8-.3-1.6q0-.9 .3-1.6q.2-.7 .7-1.2q.5-.5 1.2-.8q.7-.3 1.6-.3q.9 0 1.6 .3q.7 .3 1.2 .8q.4 .5 .7 1.2q.2 .7 .2 1.6zM62.7 30.2q0-.7-.2-1.3q-.2-.5-.5-.9q-.3-.4-.9-.6q-.5-.2-1.1-.2q-.7 0-1.2 .2q-.5 .2-.9 .6q-.3 .4-.5 .9q-.1 .6-.1 1.3q0 .7 .1 1.2q.2 .6 .6 1q.3 .4 .8 .6q.5 .3 1.2 .3q.7 0 1.2-.3q.5-.2 .8-.6q.4-.4 .5-1q.2-.5 .2-1.2zM69.5 34v-6.7h-2.3l-.3 2q-.1 .9-.2 1.6q-.1 .7-.2 1.3q-.2 .5-.3 .9q-.2 .3-.4 .6q-.2 .2-.5 .3q-.3 .1-.6 .1q-.1 0-.3 0q-.1 0-.2-.1v-.8q.1 0 .2 0q.1 .1 .1 .1q.2 0 .3-.1q.2-.1 .3-.2q.1-.2 .2-.5q.1-.3 .2-.7q.1-.5 .3-1.1q.1-.7 .2-1.5l.3-2.8h4.2v7.6h-1zM79.4 30.2q0 .9-.3 1.6q-.2 .7-.7 1.2q-.5 .5-1.2 .8q-.7 .3-1.6 .3q-.9 0-1.6-.3q-.7-.3-1.2-.8q-.5-.5-.7-1.2q-.2-.8-.2-1.6q0-.9 .2-1.6q.3-.7 .7-1.2q.5-.5 1.2-.8q.7-.3 1.6-.3q.9 0 1.6 .3q.7 .3 1.2 .8q.5 .5 .7 1.2q.3 .7 .3 1.6zM78.3 30.2q0-.7-.1-1.3q-.2-.5-.6-.9q-.3-.4-.8-.6q-.5-.2-1.2-.2q-.6 0-1.2 .2q-.5 .2-.8 .6q-.3 .4-.5 .9q-.2 .6-.2 1.3q0 .7 .2 1.2q.2 .6 .5 1q.3 .4 .9 .6q.5 .3 1.1 .3q.7 0 1.2-.3q.6-.2 .9-.6q.3-.4 .5-1q.1-.5 .1-1.2zM87 34h-1.1v-3.5h-4.1v3.5h-1v-7.6h1v3.2h4.1v-3.2h1.1v7.6zM94.8 33.1h1v3.1h-1v-2.2h-6v-7.6h1v6.7h4v-6.7h1v6.7zM102.6 31.8q0 .4-.1 .9q-.2 .4-.5 .7q-.3 .3-.8 .4q-.5 .2-1.2 .2h-3.1v-7.6h1v3.2h2.1q.6 0 1.1 .2q.5 .1 .9 .4q.3 .3 .5 .7q.1 .4 .1 .9zM101.6 31.8q0-.7-.4-1q-.5-.4-1.4-.4h-1.9v2.8h2q.9 0 1.3-.4q.4-.3 .4-1zM104.8 34h-1v-7.6h1v7.6z"
        fill="#5d6773"
      />
    </svg>
  );
}
