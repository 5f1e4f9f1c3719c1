import type { Subscription } from "@agency/contract";
import { formatDate } from "../../../lib/dates";
import { subscriptionTexts as t } from "../../../lib/messages";

/** One line for where a paid plan stands: when it renews or ends, or that a renewal failed. */
function subscriptionStateText(subscription: Subscription): string {
  const end = formatDate(subscription.currentPeriodEnd);
  switch (subscription.status) {
    case "active":
      return t.renewsOn(end);
    case "canceled":
      return t.endsOn(end);
    case "past_due":
      return subscription.nextAttemptAt
        ? `${t.pastDue} - ${t.nextTry(formatDate(subscription.nextAttemptAt))}`
        : t.pastDue;
    case "ended":
      return t.ended;
  }
}

const tones: Record<Subscription["status"], string> = {
  active: "text-success",
  canceled: "text-body-secondary",
  past_due: "text-danger",
  ended: "text-body-secondary",
};

export function SubscriptionState({ subscription }: { subscription: Subscription }) {
  return (
    <span className={`d-block small mt-1 ${tones[subscription.status]}`} data-testid="subscription-state">
      {subscriptionStateText(subscription)}
    </span>
  );
}

/** When the subscription is next charged: its period's end while active, the retry while past due. */
export function nextRenewal(subscription: Subscription | null): string | null {
  if (subscription?.status === "active") return formatDate(subscription.currentPeriodEnd);
  if (subscription?.status === "past_due" && subscription.nextAttemptAt)
    return formatDate(subscription.nextAttemptAt);
  return null;
}
