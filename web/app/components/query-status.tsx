import { useId } from "react";
import { Spinner } from "react-bootstrap";
import { errorMessage } from "../lib/api";

/** A spinner that screen readers announce with what is loading. */
export function LoadingStatus({ label }: { label: string }) {
  const labelId = useId();
  return (
    <div className="d-flex justify-content-center py-5">
      <Spinner animation="border" role="status" variant="primary" aria-labelledby={labelId}>
        <span id={labelId} className="visually-hidden">
          {label}
        </span>
      </Spinner>
    </div>
  );
}

type LoadErrorProps = {
  heading: string;
  error: unknown;
  retryLabel: string;
  onRetry: () => void;
  retrying: boolean;
};

/** A first load that failed: what failed, the server's reason, and a way to try again. */
export function LoadError({ heading, error, retryLabel, onRetry, retrying }: LoadErrorProps) {
  return (
    <div role="alert" className="text-center py-5">
      <p className="fw-semibold mb-1">{heading}</p>
      <p className="text-body-secondary">{errorMessage(error)}</p>
      <button type="button" className="btn btn-outline-primary" onClick={onRetry} disabled={retrying}>
        {retryLabel}
      </button>
    </div>
  );
}
