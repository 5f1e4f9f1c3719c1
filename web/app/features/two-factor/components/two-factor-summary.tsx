import { Link } from "react-router";
import { twoFactorPage as t } from "../../../lib/messages/two-factor";
import { useTwoFactorStatus } from "../api/two-factor";

/** The account page's line on two-factor sign-in, with the way to its own page. */
export function TwoFactorSummary() {
  const status = useTwoFactorStatus();
  const enabled = status.data?.enabled;
  return (
    <section className="mb-4 pb-4 border-bottom" aria-labelledby="two-factor-summary-heading">
      <h2 id="two-factor-summary-heading" className="h5 mb-3">
        {t.heading}
      </h2>
      {enabled === undefined ? null : <p>{enabled ? t.statusOn : t.statusOff}</p>}
      <Link className="btn btn-outline-primary" to="/dashboard/two-factor">
        {enabled ? t.manage : t.setUp}
      </Link>
    </section>
  );
}
