import { formatMinutes, formatOrderNumber } from "@agency/contract";
import { useEffect, useState } from "react";
import { Button } from "react-bootstrap";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/api";
import { timeTexts as t } from "../../../lib/messages/workday";
import { notifyError, notifySuccess } from "../../../lib/toast";
import { useRunningTimer, useTimeActions } from "../api/time";

/** The minutes since `start`, kept current every half minute. */
function useElapsed(start: string | null | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!start) return;
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, [start]);
  return start ? Math.max(0, Math.floor((now - Date.parse(start)) / 60_000)) : 0;
}

/** The member's running timer, above every page of the dashboard, with its order and a Stop. */
export function RunningTimerBand({ enabled }: { enabled: boolean }) {
  const running = useRunningTimer(enabled);
  const { stop } = useTimeActions();
  const entry = running.data?.entry;
  const elapsed = useElapsed(entry?.startedAt);
  if (!entry) return null;
  return (
    <div className="alert alert-info d-flex flex-wrap gap-2 align-items-center py-2" role="status">
      <span className="me-auto">
        {t.runningBand(formatOrderNumber(entry.orderNumber), formatMinutes(Math.max(1, elapsed)))}
      </span>
      <Link className="btn btn-sm btn-outline-primary" to={`/dashboard/admin/orders/${entry.orderId}`}>
        {t.openOrder}
      </Link>
      <Button
        size="sm"
        variant="danger"
        disabled={stop.isPending}
        onClick={() =>
          void stop
            .mutateAsync()
            .then((stopped) => notifySuccess(t.stopped(formatMinutes(stopped.minutes ?? 0))))
            .catch((error) => notifyError(errorMessage(error)))
        }
      >
        {t.stop}
      </Button>
    </div>
  );
}
