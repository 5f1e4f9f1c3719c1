import { Badge, Table } from "react-bootstrap";
import { LoadError } from "../../components/load-error";
import { LoadingScreen } from "../../components/loading-screen";
import { useSession } from "../../features/auth/api/session";
import { usePaymentHistory } from "../../features/payments/api/payments";
import { ReceiptLink } from "../../features/receipts/components/receipt-link";
import { errorMessage } from "../../lib/api";
import { receiptPage, subscriptionTexts, paymentMessages as t } from "../../lib/messages";
import { formatDate, formatDateTime, money } from "../../lib/money";

/** SPEC §2/§8: the user's payments; a failure to load shows the red centred message. */
export default function PaymentHistory() {
  const session = useSession();
  const history = usePaymentHistory(session.data?.user.email);
  return (
    <section aria-labelledby="history-heading">
      <h1 id="history-heading" className="h4 mb-3">
        {t.historyHeading}
      </h1>
      {history.isPending ? (
        <LoadingScreen />
      ) : history.isError ? (
        <LoadError message={t.historyFailed} detail={errorMessage(history.error)} />
      ) : history.data.length === 0 ? (
        <p className="text-body-secondary">{t.noPayments}</p>
      ) : (
        <Table responsive hover className="align-middle bg-white mb-0">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t.transactionId}</th>
              <th scope="col">{t.amount}</th>
              <th scope="col">{t.time}</th>
              <th scope="col">{t.plan}</th>
              <th scope="col">{receiptPage.title}</th>
            </tr>
          </thead>
          <tbody>
            {history.data.map((payment, index) => (
              <tr key={payment._id}>
                <td>{index + 1}</td>
                <td className="font-monospace small text-break">{payment.transactionId}</td>
                <td>{money(payment.currentPrice)}</td>
                <td>{formatDateTime(payment.paymentTime)}</td>
                <td>
                  {payment.service}{" "}
                  <span className="text-body-secondary text-capitalize">({payment.serviceDuration})</span>
                  {payment.renewal ? (
                    <Badge bg="info" text="dark" className="ms-2">
                      {subscriptionTexts.renewal}
                    </Badge>
                  ) : null}
                  {payment.periodStart && payment.periodEnd ? (
                    <span className="d-block small text-body-secondary">
                      {subscriptionTexts.period(
                        formatDate(payment.periodStart),
                        formatDate(payment.periodEnd),
                      )}
                    </span>
                  ) : null}
                </td>
                <td>
                  <ReceiptLink payment={payment} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
