import { cleanup, configure } from "@testing-library/react";
import { toast } from "react-hot-toast";
import { afterEach, beforeEach, vi } from "vitest";
import { forgetWaitingToasts } from "../lib/toast";

// jsdom has no matchMedia; react-hot-toast's Toaster asks it about reduced motion.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// findBy*/waitFor give a busy machine (a CI runner, tests in parallel) time to render lazy chunks.
configure({ asyncUtilTimeout: 5000 });

// A React warning or an unexpected error logged during a test is a failure, not noise.
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
  });
});

// The test files of a worker share one document and one module graph: what a test leaves behind
// (a dialog appended to the body, a toast in the toasts' store) goes when it ends.
afterEach(() => {
  cleanup();
  toast.remove();
  forgetWaitingToasts();
  document.body.innerHTML = "";
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
