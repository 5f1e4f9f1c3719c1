import type { Order } from "@agency/contract";
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
  return (
    <MyOrdersList
      orders={orders}
      labelledBy={labelledBy}
      unread={unread}
      subscriptionState={(order) =>
        order.subscription ? <SubscriptionState subscription={order.subscription} /> : null
      }
      subscriptionActions={(order) =>
        order.subscription ? <SubscriptionActions order={order} subscription={order.subscription} /> : null
      }
    />
  );
}
