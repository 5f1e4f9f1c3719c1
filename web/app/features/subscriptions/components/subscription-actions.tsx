import type { Order, Subscription } from "@agency/contract";
import { useState } from "react";
import { Button } from "react-bootstrap";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/api";
import { formatDate } from "../../../lib/dates";
import { subscriptionTexts as t } from "../../../lib/messages";
import { notifyError, notifySuccess } from "../../../lib/toast";
import { useCancelSubscription, useResumeSubscription } from "../api/subscriptions";
import { CancelPlanDialog } from "./cancel-plan-dialog";

/** Cancel (asks first, with an optional reason), Resume before the end, and Update card once a renewal failed. */
export function SubscriptionActions({ order, subscription }: { order: Order; subscription: Subscription }) {
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const [asking, setAsking] = useState(false);
  const busy = cancel.isPending || resume.isPending;

  async function cancelPlan(reason: string) {
    try {
      await cancel.mutateAsync({ id: subscription._id, reason });
      setAsking(false);
      notifySuccess(t.cancelled);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  async function resumePlan() {
    try {
      await resume.mutateAsync(subscription._id);
      notifySuccess(t.resumed);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  return (
    <div className="d-flex flex-wrap gap-2 mt-1">
      {subscription.status === "past_due" ? (
        <Link to={`/dashboard/subscription/${subscription._id}/card`} className="btn btn-sm btn-danger">
          {t.updateCard}
        </Link>
      ) : null}
      {subscription.status === "active" || subscription.status === "past_due" ? (
        <>
          <Button size="sm" variant="outline-secondary" disabled={busy} onClick={() => setAsking(true)}>
            {t.cancel}
          </Button>
          <CancelPlanDialog
            show={asking}
            service={order.service}
            endsOn={subscription.status === "past_due" ? null : formatDate(subscription.currentPeriodEnd)}
            busy={busy}
            onKeep={() => setAsking(false)}
            onCancel={(reason) => void cancelPlan(reason)}
          />
        </>
      ) : null}
      {subscription.status === "canceled" ? (
        <Button size="sm" variant="outline-primary" disabled={busy} onClick={() => void resumePlan()}>
          {t.resume}
        </Button>
      ) : null}
    </div>
  );
}
