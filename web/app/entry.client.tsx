import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * Resolves once the router can be created without suspending. The router throws a promise until
 * the page's data has been decoded and React waits for it at the root, but Preact cannot suspend a
 * root that is being hydrated: it would render a second copy of the page. So the router is created
 * ahead of the hydration: calling the component outside a render creates it (the module keeps it
 * for the real render) and then stops at its first hook, which is expected here.
 */
async function routerCreated() {
  for (;;) {
    try {
      HydratedRouter({});
      return;
    } catch (thrown) {
      if (!(thrown instanceof Promise)) return;
      await thrown;
    }
  }
}

/**
 * Preact renders a document's tree into its <html> element, so the root layout's <html> is
 * rendered as a fragment: its <head> and <body> then hydrate the prerendered ones in place.
 */
async function renderHtmlAsFragment() {
  const { Fragment, options } = await import("preact");
  const previous = options.vnode;
  options.vnode = (vnode) => {
    if (vnode.type === "html") vnode.type = Fragment;
    previous?.(vnode);
  };
}

/**
 * React moves the preloads it renders (images, modules) into <head>; Preact renders the same tree
 * without moving anything and hydrates by position, so it would take those for the page's own
 * <head> elements and drop the stylesheet. They have done their work by now (this module is
 * running, the images are requested), so they are removed before the hydration.
 */
function removeHoistedPreloads() {
  for (const preload of document.head.querySelectorAll('link[rel="preload"], link[rel="modulepreload"]')) {
    preload.remove();
  }
}

// The browser build runs on Preact (see preact-in-browser.ts); these prepare for its hydration.
if (import.meta.env.PREACT) {
  await Promise.all([renderHtmlAsFragment(), routerCreated()]);
  removeHoistedPreloads();
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
