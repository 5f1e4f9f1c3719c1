import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in prerendered HTML and during hydration, true once React runs the page. Forms keep their
 * submit button disabled until then, so an early click cannot send a native GET with the typed
 * values (a password among them) in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
