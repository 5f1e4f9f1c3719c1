import type { ReactNode } from "react";
import { Button } from "react-bootstrap";
import { useHydrated } from "../../../lib/use-hydrated";

/**
 * The account forms' submit button: off while their call is under way, and until the page runs
 * (before that, the browser would send the form itself, password included, as a GET).
 */
export function AuthSubmit({ pending, children }: { pending: boolean; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <Button type="submit" className="w-100" disabled={pending || !hydrated}>
      {children}
    </Button>
  );
}
