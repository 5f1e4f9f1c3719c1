import { Link } from "react-router";
import { QueryView } from "../../components/query-view";
import { useSession } from "../../features/auth/api/auth";
import { useUnreadCounts } from "../../features/order-workflow/api/unread";
import { useMyOrders } from "../../features/orders/api/orders";
import { orderMessages as t } from "../../lib/messages";
import { MyOrdersTable } from "./my-orders-table";

export default function MyOrders() {
  const session = useSession();
  const orders = useMyOrders(session.data?.user.email);
  const unread = useUnreadCounts(Boolean(session.data));
  const unreadByOrder = Object.fromEntries(
    (unread.data?.orders ?? []).map((order) => [order.orderId, order.unread]),
  );
  return (
    <section aria-labelledby="my-orders-heading">
      <h1 id="my-orders-heading" className="h4 mb-3">
        {t.myOrders}
      </h1>
      <QueryView
        query={orders}
        failed={t.loadFailed}
        empty={
          <div className="text-center py-5">
            <p>{t.none}</p>
            <Link to="/home#pricing" className="btn btn-primary">
              {t.browsePlans}
            </Link>
          </div>
        }
      >
        {(list) => <MyOrdersTable orders={list} labelledBy="my-orders-heading" unread={unreadByOrder} />}
      </QueryView>
    </section>
  );
}
