import { Button } from "react-bootstrap";
import { OutcomeAlert } from "../../../components/outcome-alert";
import { errorMessage } from "../../../lib/api";
import { auditPage as t } from "../../../lib/messages/audit";
import { useVerifyAuditChain } from "../api/audit";

/** The "Verify chain" button and what the check found. */
export function VerifyChain() {
  const verify = useVerifyAuditChain();
  const result = verify.data;
  return (
    <div className="mb-3">
      <Button variant="outline-primary" onClick={() => verify.mutate()} disabled={verify.isPending}>
        {verify.isPending ? t.verifying : t.verify}
      </Button>
      {result && !verify.isPending && (
        <div className="mt-3">
          {result.ok ? (
            <OutcomeAlert tone="success" heading={t.intact}>
              <p className="mb-0">{t.intactDetail(result.checked)}</p>
            </OutcomeAlert>
          ) : (
            <OutcomeAlert tone="danger" heading={t.broken}>
              <p className="mb-0">{result.reason}</p>
            </OutcomeAlert>
          )}
        </div>
      )}
      {verify.isError && (
        <div className="mt-3">
          <OutcomeAlert tone="danger" heading={t.verifyFailed}>
            <p className="mb-0">{errorMessage(verify.error)}</p>
          </OutcomeAlert>
        </div>
      )}
    </div>
  );
}
