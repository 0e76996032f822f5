/**
 * The dealer's logo, drawn inline. The same drawing is public/images/logo.svg, which the
 * structured data points search engines to; logo.test.tsx keeps the two alike.
 *
 * Inline rather than <img src="logo.svg">: an SVG loaded as an image gets a document of its
 * own, and laying out its two lines of text there cost 15–30 ms of main-thread time on every
 * cold page load (the header is on every page). Inline, the text is laid out with the page.
 */
export function Logo({ className }: { className?: string }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" width="132" height="40" viewBox="0 0 132 40" className={className} aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="8" fill="#c8102e" />
      <path d="M10 11h20v4.4H15.3v3.8h12.3v4.4H15.3V29H10z" fill="#fff" />
      <text x="48" y="19" fontFamily="Arial, Helvetica, sans-serif" fontSize="17" fontWeight="700" fill="#14181d">
        FAW
      </text>
      <text x="48" y="34" fontFamily="Arial, Helvetica, sans-serif" fontSize="11" fill="#5d6773">
        СОЛОНЦЫ
      </text>
    </svg>
  );
}
