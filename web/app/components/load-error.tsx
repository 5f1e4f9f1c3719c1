import { errorMessage } from "../lib/api";
import { errors } from "../lib/messages";

/** What a failed query gives `LoadError`: its reason, and the way to ask again. */
export type RetryableQuery = { error: unknown; refetch: () => unknown; isFetching: boolean };

/**
 * SPEC §8: a list or page that failed to load shows a red, centred message. With the failed query
 * it also says the server's reason and offers to try again.
 */
export function LoadError({
  message,
  query,
  detail,
}: {
  message: string;
  query?: RetryableQuery;
  /** Said instead of the query's reason. */
  detail?: string;
}) {
  const reason = detail ?? (query ? errorMessage(query.error) : undefined);
  return (
    <div className="text-center py-5" role="alert">
      <p className="text-danger fw-semibold mb-1">{message}</p>
      {reason ? <p className="text-body-secondary">{reason}</p> : null}
      {query ? (
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          {errors.retry}
        </button>
      ) : null}
    </div>
  );
}
