import { testModeTexts as t } from "../../../lib/messages";
import { useSiteSettings } from "../api/site";

/**
 * While the built-in test provider takes the payments, every dashboard page says so (as Stripe
 * marks its test mode), and says when the billing clock has been moved, so no figure is taken for
 * real money or a real date.
 */
export function TestModeBand() {
  const { data } = useSiteSettings();
  const testMode = data?.testMode;
  if (!testMode) return null;
  return (
    <div
      className="alert alert-warning border-warning py-2 px-3 mb-3 small"
      role="status"
      data-test-mode-band=""
    >
      <strong>{t.band}</strong>
      {testMode.clockAheadDays > 0 ? <span>. {t.clockAhead(testMode.clockAheadDays)}.</span> : null}
    </div>
  );
}
