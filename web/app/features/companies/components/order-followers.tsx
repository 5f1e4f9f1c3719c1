import { Button } from "react-bootstrap";
import { orderFollowersTexts as t } from "../../../lib/messages/companies";
import { saveWithToasts } from "../../../lib/toast";
import { useCompany, useFollowOrder, useOrderFollowers } from "../api/companies";

/**
 * Who gets the order's mails, and the caller's Follow or Stop following. Shown once the company
 * has colleagues: someone alone gets every mail of their orders, as before companies.
 */
export function OrderFollowers({ orderId }: { orderId: string }) {
  const company = useCompany();
  const followers = useOrderFollowers(orderId, (company.data?.people.length ?? 0) > 1);
  const follow = useFollowOrder(orderId);
  if (!followers.data) return null;
  const { following } = followers.data;
  const names = followers.data.followers.map((follower) => follower.name).join(", ");
  return (
    <section className="card" aria-labelledby="order-followers-heading">
      <div className="card-body">
        <h2 id="order-followers-heading" className="h6">
          {t.heading}
        </h2>
        <p className="mb-1">{following ? t.following : t.notFollowing}</p>
        <p className="small text-body-secondary">{names ? t.who(names) : t.nobody}</p>
        <Button
          variant="outline-secondary"
          size="sm"
          disabled={follow.isPending}
          onClick={() =>
            saveWithToasts(
              () => follow.mutateAsync(!following),
              (saved) => (saved.following ? t.followed : t.unfollowed),
            ).catch(() => {})
          }
        >
          {following ? t.unfollow : t.follow}
        </Button>
      </div>
    </section>
  );
}
