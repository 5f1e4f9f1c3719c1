import { vi } from "vitest";

/** What Embla needs from the browser and jsdom lacks; the carousel then renders and starts. */
export function stubCarouselApis() {
  class Observer {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal("ResizeObserver", Observer);
  vi.stubGlobal("IntersectionObserver", Observer);
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      onchange: null,
      dispatchEvent: () => false,
    })),
  );
}

/**
 * A screen `width` px wide: `(min-width: Npx)` media queries answer as a browser of that width
 * would, so components that lay out by breakpoint render as they would there.
 */
export function stubScreenWidth(width: number) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => {
      const minWidth = /\(min-width:\s*(\d+)px\)/.exec(query);
      return {
        matches: minWidth ? width >= Number(minWidth[1]) : false,
        media: query,
        addEventListener() {},
        removeEventListener() {},
        addListener() {},
        removeListener() {},
        onchange: null,
        dispatchEvent: () => false,
      };
    }),
  );
}
