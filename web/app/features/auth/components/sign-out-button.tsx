import { lazy, Suspense, useState } from "react";

// Signed-out visitors never need it: fetched the first time someone asks to sign out.
const LogoutModal = lazy(() => import("./logout-modal").then((m) => ({ default: m.LogoutModal })));

/**
 * A link-style button that asks for confirmation (SPEC §2) before it ends the session. Plain
 * markup: it is in the navbar of every public page, and the modal's code comes with the modal.
 */
export function SignOutButton({
  label,
  className,
  onOpen,
}: {
  label: string;
  className?: string;
  onOpen?: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  // Stays mounted after the first use so the modal can animate out when it closes.
  const [modalLoaded, setModalLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`btn btn-link${className ? ` ${className}` : ""}`}
        onClick={() => {
          onOpen?.();
          setModalLoaded(true);
          setConfirming(true);
        }}
      >
        {label}
      </button>
      {modalLoaded ? (
        <Suspense fallback={null}>
          <LogoutModal show={confirming} onClose={() => setConfirming(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
