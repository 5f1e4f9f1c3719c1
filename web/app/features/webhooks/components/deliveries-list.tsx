import type { WebhookDelivery, WebhookEndpoint } from "@agency/contract";
import { useState } from "react";
import { Button } from "react-bootstrap";
import { type DataColumn, DataList } from "../../../components/data-list";
import { Pager } from "../../../components/pager";
import { QueryView } from "../../../components/query-view";
import { errorMessage } from "../../../lib/api";
import { formatDateTime } from "../../../lib/dates";
import { integrationsPage as t } from "../../../lib/messages";
import { notifyError, notifySuccess } from "../../../lib/toast";
import { DELIVERIES_PAGE_SIZE, useResendDelivery, useWebhookDeliveries } from "../api/webhooks";

const badges: Record<WebhookDelivery["status"], string> = {
  pending: "text-bg-warning",
  delivered: "text-bg-success",
  failed: "text-bg-danger",
};

/** One endpoint's deliveries, newest first: status, response code, duration and time, and "Resend". */
export function DeliveriesList({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [page, setPage] = useState(0);
  const deliveries = useWebhookDeliveries(endpoint._id, page);
  const resend = useResendDelivery();
  const headingId = `deliveries-${endpoint._id}`;

  async function onResend(delivery: WebhookDelivery) {
    try {
      await resend.mutateAsync(delivery._id);
      notifySuccess(t.resent, `resend-${delivery._id}`);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  const columns: DataColumn<WebhookDelivery>[] = [
    {
      header: t.time,
      cell: (delivery) => formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt),
      className: "text-nowrap small",
    },
    {
      header: t.event,
      cell: (delivery) => (
        <>
          <code>{delivery.eventType}</code>
          <div className="small text-body-secondary text-break">{delivery.eventId}</div>
        </>
      ),
    },
    {
      header: t.status,
      cell: (delivery) => (
        <>
          <span className={`badge ${badges[delivery.status]}`}>{t.statuses[delivery.status]}</span>
          {delivery.error ? <div className="small text-body-secondary">{delivery.error}</div> : null}
        </>
      ),
      className: "text-prose-cell",
    },
    {
      header: t.response,
      cell: (delivery) =>
        delivery.responseStatus !== null
          ? String(delivery.responseStatus)
          : delivery.attempts > 0
            ? t.noResponse
            : "—",
    },
    {
      header: t.duration,
      cell: (delivery) => (delivery.durationMs !== null ? t.milliseconds(delivery.durationMs) : "—"),
      className: "text-nowrap",
    },
    {
      header: t.attemptsHeader,
      cell: (delivery) =>
        delivery.status === "pending" && delivery.nextAttemptAt
          ? `${t.attempts(delivery.attempts)} · ${t.nextAttempt(formatDateTime(delivery.nextAttemptAt))}`
          : t.attempts(delivery.attempts),
      className: "small",
    },
    {
      header: t.action,
      cell: (delivery) => (
        <Button
          size="sm"
          variant="outline-primary"
          aria-label={t.resendFor(delivery.eventId)}
          disabled={!endpoint.enabled || (resend.isPending && resend.variables === delivery._id)}
          onClick={() => onResend(delivery)}
        >
          {t.resend}
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby={headingId} className="mt-3">
      <div className="d-flex align-items-center justify-content-between gap-2 mb-2">
        <h3 id={headingId} className="h6 mb-0 text-break">
          {t.deliveriesOf(endpoint.url)}
        </h3>
        <Button size="sm" variant="outline-secondary" onClick={() => deliveries.refetch()}>
          {t.refresh}
        </Button>
      </div>
      <QueryView
        query={deliveries}
        failed={t.deliveriesFailed}
        empty={<p className="text-body-secondary mb-0">{t.noDeliveries}</p>}
        isEmpty={(list) => list.deliveries.length === 0}
      >
        {(list) => (
          <>
            <DataList
              labelledBy={headingId}
              columns={columns}
              rows={list.deliveries}
              rowKey={(row) => row._id}
            />
            <Pager
              page={page}
              pages={Math.ceil(list.total / DELIVERIES_PAGE_SIZE)}
              onPage={setPage}
              labels={t}
            />
          </>
        )}
      </QueryView>
    </section>
  );
}
