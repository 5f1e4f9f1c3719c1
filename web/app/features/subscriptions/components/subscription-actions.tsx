import type { Order, Subscription } from "@agency/contract";
import { Button } from "react-bootstrap";
import { Link } from "react-router";
import { confirmAction } from "../../../lib/alerts";
import { errorMessage } from "../../../lib/api";
import { subscriptionTexts as t } from "../../../lib/messages";
import { formatDate } from "../../../lib/money";
import { notifyError, notifySuccess } from "../../../lib/toast";
import { useSubscriptionAction } from "../api/subscriptions";

/** Cancel (asks first), Resume before the end, and Update card once a renewal failed. */
export function SubscriptionActions({ order, subscription }: { order: Order; subscription: Subscription }) {
  const cancel = useSubscriptionAction("cancel");
  const resume = useSubscriptionAction("resume");
  const busy = cancel.isPending || resume.isPending;

  async function run(action: typeof cancel, done: string) {
    try {
      await action.mutateAsync(subscription._id);
      notifySuccess(done);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  async function askToCancel() {
    const confirmed = await confirmAction({
      title: t.cancelQuestion(order.service),
      text: t.cancelText(formatDate(subscription.currentPeriodEnd)),
      confirmText: t.cancelConfirm,
    });
    if (confirmed) await run(cancel, t.cancelled);
  }

  return (
    <div className="d-flex flex-wrap gap-2 mt-1">
      {subscription.status === "past_due" ? (
        <Link to={`/dashboard/subscription/${subscription._id}/card`} className="btn btn-sm btn-danger">
          {t.updateCard}
        </Link>
      ) : null}
      {subscription.status === "active" || subscription.status === "past_due" ? (
        <Button size="sm" variant="outline-secondary" disabled={busy} onClick={() => void askToCancel()}>
          {t.cancel}
        </Button>
      ) : null}
      {subscription.status === "canceled" ? (
        <Button
          size="sm"
          variant="outline-primary"
          disabled={busy}
          onClick={() => void run(resume, t.resumed)}
        >
          {t.resume}
        </Button>
      ) : null}
    </div>
  );
}
