import { lazy, Suspense, useEffect } from "react";
import type { ToasterProps } from "react-hot-toast";
import {
  defaultToastDurationMs,
  loadToasts,
  toasterMounted,
  toastPosition,
  useToastsWanted,
} from "../lib/toast";

const Toaster = lazy(() =>
  loadToasts().then((library) => ({
    default: function MountedToaster(props: ToasterProps) {
      // Runs after the library's Toaster has subscribed to the toasts' store (children first).
      useEffect(() => {
        toasterMounted(true);
        return () => toasterMounted(false);
      }, []);
      return <library.Toaster {...props} />;
    },
  })),
);

/** The toasts' place on the screen, there from the first toast on. */
export function Toasts() {
  const wanted = useToastsWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position={toastPosition} toastOptions={{ duration: defaultToastDurationMs }} />
    </Suspense>
  );
}
