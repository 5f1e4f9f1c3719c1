/**
 * Preact (the browser build) hydrates a lazily loaded section once its code arrives, into the
 * prerendered markup between `<!--$s-->` and `<!--/$s-->`; without those it would keep only the
 * section's first element and render the rest a second time. React marks the same ranges (its
 * finished Suspense boundaries) `<!--$-->` and `<!--/$-->`; the ones around React Router's data
 * scripts at the end of the body keep React's markers: the browser renders that part differently.
 */
export function markSuspenseRanges(html: string) {
  const open: boolean[] = [];
  return html.replace(/<!--(\/?)\$-->/g, (marker, closing: string, offset: number) => {
    const marked = closing ? open.pop() : !html.startsWith("<script", offset + marker.length);
    if (!closing) open.push(marked ?? false);
    return marked ? `<!--${closing}$s-->` : marker;
  });
}
