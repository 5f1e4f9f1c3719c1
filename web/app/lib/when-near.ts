/**
 * Resolves when the element the selector finds comes within `margin` of the viewport, so a
 * section's code loads as the visitor scrolls towards it rather than with the page. Resolves at
 * once where there is nothing to wait for: on the server, without IntersectionObserver, or when
 * the element is not in the document (a page reached by client navigation renders it afresh).
 */
export function whenNear(selector: string, margin = 600): Promise<void> {
  if (typeof document === "undefined" || typeof IntersectionObserver === "undefined") {
    return Promise.resolve();
  }
  const target = document.querySelector(selector);
  if (!target) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: `${margin}px 0px` },
    );
    observer.observe(target);
  });
}
