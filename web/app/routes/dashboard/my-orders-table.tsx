import type { Order } from "@agency/contract";
import { useClientMay } from "../../features/companies/api/companies";
import { MyOrdersList } from "../../features/orders/components/my-orders-list";
import { SubscriptionActions } from "../../features/subscriptions/components/subscription-actions";
import { SubscriptionState } from "../../features/subscriptions/components/subscription-state";

type Props = {
  orders: Order[];
  labelledBy: string;
  /** Unread messages by order id. */
  unread?: Readonly<Record<string, number>>;
};

/** My Orders: the spec's list, with each paid plan's subscription state and actions beside its words. */
export function MyOrdersTable({ orders, labelledBy, unread }: Props) {
  // A colleague whose client role does not pay sees the orders without Pay Now, Delete or the plan's card and cancellation.
  const mayPay = useClientMay("pay") !== false;
  return (
    <MyOrdersList
      orders={orders}
      labelledBy={labelledBy}
      unread={unread}
      mayPay={mayPay}
      subscriptionState={(order) =>
        order.subscription ? <SubscriptionState subscription={order.subscription} /> : null
      }
      subscriptionActions={(order) =>
        mayPay && order.subscription ? (
          <SubscriptionActions order={order} subscription={order.subscription} />
        ) : null
      }
    />
  );
}
