/**
 * Calls `callback` once, when `element` comes within `margin` of the screen (an
 * IntersectionObserver root margin such as "300px"), or at once where IntersectionObserver is
 * missing. Returns a function that stops watching. Heavy parts of a page (Swiper, the maps
 * wrapper, the lead form's validators) load this way, only when the visitor gets near them.
 */
export function onceNear(element: Element, margin: string, callback: () => void): () => void {
  if (typeof IntersectionObserver === "undefined") {
    callback();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      callback();
    },
    { rootMargin: margin },
  );
  observer.observe(element);
  return () => observer.disconnect();
}
