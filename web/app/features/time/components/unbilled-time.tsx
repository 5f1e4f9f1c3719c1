import { formatMinutes, formatOrderNumber } from "@agency/contract";
import { useId, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { useNavigate } from "react-router";
import { DataList } from "../../../components/data-list";
import { LoadError } from "../../../components/load-error";
import { errorMessage } from "../../../lib/api";
import { formatBillingDate } from "../../../lib/dates";
import { unbilledTimeTexts as t } from "../../../lib/messages/workday";
import { useMoney } from "../../../lib/money";
import { notifyError, notifySuccess } from "../../../lib/toast";
import { useInvoiceTime, useUnbilledTime } from "../api/time";

/**
 * A company's billable time not billed yet: the entries to bill (all of them at first), one invoice
 * line per entry or per member, and a draft invoice made of them, opened to be checked and sent.
 */
export function UnbilledTime({ companyId }: { companyId: string }) {
  const headingId = useId();
  const listId = useId();
  const money = useMoney();
  const navigate = useNavigate();
  const unbilled = useUnbilledTime(companyId, true);
  const invoice = useInvoiceTime();
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [grouping, setGrouping] = useState<"entry" | "member">("member");
  if (unbilled.isPending) return null;
  if (unbilled.isError) return <LoadError message={t.failed} query={unbilled} />;
  const { entries, currency } = unbilled.data;
  const chosen = entries.filter((entry) => !left.has(entry._id));
  const total = chosen.reduce((sum, entry) => sum + (entry.amount ?? 0), 0);
  const toggle = (id: string) =>
    setLeft((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  async function make() {
    try {
      const { invoiceId } = await invoice.mutateAsync({
        companyId,
        entryIds: chosen.map((entry) => entry._id),
        grouping,
      });
      notifySuccess(t.made);
      await navigate(`/dashboard/admin/sales/${invoiceId}`);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  return (
    <section className="mt-4" aria-labelledby={headingId}>
      <h2 id={headingId} className="h6">
        {t.heading}
      </h2>
      <p className="text-body-secondary small">{t.lead}</p>
      {entries.length === 0 ? (
        <p className="mb-0">{t.none}</p>
      ) : (
        <>
          <span id={listId} className="visually-hidden">
            {t.entries}
          </span>
          <DataList
            labelledBy={listId}
            rows={entries}
            rowKey={(entry) => entry._id}
            columns={[
              {
                header: "",
                cell: (entry) => (
                  <Form.Check
                    aria-label={t.choose(
                      `${formatBillingDate(entry.day)} ${entry.memberName} ${formatMinutes(entry.minutes)}`,
                    )}
                    checked={!left.has(entry._id)}
                    onChange={() => toggle(entry._id)}
                  />
                ),
              },
              { header: t.columns.day, cell: (entry) => formatBillingDate(entry.day) },
              { header: t.columns.order, cell: (entry) => formatOrderNumber(entry.orderNumber) },
              { header: t.columns.member, cell: (entry) => entry.memberName },
              {
                header: t.columns.duration,
                className: "text-nowrap",
                cell: (entry) => formatMinutes(entry.minutes),
              },
              { header: t.columns.note, long: true, cell: (entry) => entry.note },
              {
                header: t.columns.amount,
                className: "text-nowrap",
                cell: (entry) => (entry.amount === null ? t.noRate : money(entry.amount, currency)),
              },
            ]}
          />
          <fieldset className="mt-3">
            <legend className="h6 small">{t.grouping}</legend>
            <Form.Check
              type="radio"
              id={`${headingId}-member`}
              name={`${headingId}-grouping`}
              label={t.perMember}
              checked={grouping === "member"}
              onChange={() => setGrouping("member")}
            />
            <Form.Check
              type="radio"
              id={`${headingId}-entry`}
              name={`${headingId}-grouping`}
              label={t.perEntry}
              checked={grouping === "entry"}
              onChange={() => setGrouping("entry")}
            />
          </fieldset>
          <div className="d-flex flex-wrap gap-3 align-items-center mt-2">
            <span className="fw-semibold">{t.total(money(total, currency))}</span>
            <Button onClick={() => void make()} disabled={chosen.length === 0 || invoice.isPending}>
              {t.submit}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
