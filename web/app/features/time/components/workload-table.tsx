import { formatMinutes, type WorkloadMember } from "@agency/contract";
import { type FormEvent, useState } from "react";
import { Badge, Button, Form } from "react-bootstrap";
import { Link } from "react-router";
import { DataList } from "../../../components/data-list";
import {
  formatMoneyInput,
  MoneyInput,
  moneyOrUndefined,
  useMoneyInput,
} from "../../../components/money-input";
import { errorMessage } from "../../../lib/api";
import { workloadPage as t } from "../../../lib/messages/workday";
import { notifyError, notifySuccess } from "../../../lib/toast";
import { useSetCapacity, useSetHourlyRate } from "../api/workload";

function CapacityForm({ member }: { member: WorkloadMember }) {
  const setCapacity = useSetCapacity();
  const [hours, setHours] = useState(String(member.capacityMinutes / 60));
  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await setCapacity.mutateAsync({ memberId: member.memberId, hours: Number(hours.replace(",", ".")) });
      notifySuccess(t.saved(member.name));
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }
  return (
    <Form onSubmit={submit} className="d-flex gap-1 align-items-center">
      <Form.Control
        aria-label={t.capacityLabel(member.name)}
        type="number"
        min={0}
        max={168}
        step={0.25}
        size="sm"
        style={{ maxWidth: 90 }}
        value={hours}
        onChange={(event) => setHours(event.target.value)}
      />
      <Button type="submit" size="sm" variant="outline-primary" disabled={setCapacity.isPending}>
        {t.save}
      </Button>
    </Form>
  );
}

/** A member's hourly rate, typed in the shop's locale with the one money box (empty: none). */
function RateForm({ member, currency }: { member: WorkloadMember; currency: string }) {
  const setRate = useSetHourlyRate();
  const money = useMoneyInput(currency);
  const [rate, setRateText] = useState(
    member.hourlyRate == null ? "" : formatMoneyInput(member.hourlyRate, money),
  );
  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = rate.trim() === "" ? null : moneyOrUndefined(rate, money);
    if (value === undefined || Number.isNaN(value)) return;
    try {
      await setRate.mutateAsync({ memberId: member.memberId, rate: value });
      notifySuccess(t.rateSaved(member.name));
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }
  return (
    <Form onSubmit={submit} className="d-flex gap-1 align-items-end">
      <MoneyInput
        id={`rate-${member.memberId}`}
        label={t.rateLabel(member.name)}
        value={rate}
        onChange={setRateText}
        currency={currency}
        size="sm"
      />
      <Button type="submit" size="sm" variant="outline-primary" disabled={setRate.isPending}>
        {t.save}
      </Button>
    </Form>
  );
}

/** Each member's load, the overloaded ones marked; a name opens that member's board. */
export function WorkloadTable({
  members,
  labelledBy,
  currency,
}: {
  members: WorkloadMember[];
  labelledBy: string;
  currency: string;
}) {
  // Rates are money: the server sends them to a role that sees it.
  const seesRates = members.some((member) => member.hourlyRate !== undefined);
  return (
    <DataList
      labelledBy={labelledBy}
      rows={members}
      rowKey={(member) => member.memberId}
      columns={[
        {
          header: t.columns.member,
          cell: (member) => (
            <>
              <Link
                to={`/dashboard/admin/board?assignee=${encodeURIComponent(member.memberId)}`}
                aria-label={t.openBoard(member.name)}
              >
                {member.name}
              </Link>
              {member.overloaded ? (
                <Badge bg="danger" className="ms-2">
                  {t.overloaded}
                </Badge>
              ) : null}
            </>
          ),
        },
        {
          header: t.columns.open,
          cell: (member) => (
            <>
              {member.openOrders}
              {member.overdueOrders > 0 ? (
                <span className="text-danger small ms-2">{t.overdue(member.overdueOrders)}</span>
              ) : null}
            </>
          ),
        },
        {
          header: t.columns.due,
          className: "text-nowrap",
          cell: (member) =>
            t.against(formatMinutes(member.dueMinutes), formatMinutes(member.capacityMinutes)),
        },
        {
          header: t.columns.logged,
          className: "text-nowrap",
          cell: (member) => formatMinutes(member.loggedMinutes),
        },
        { header: t.columns.capacity, cell: (member) => <CapacityForm member={member} /> },
        ...(seesRates
          ? [
              {
                header: t.columns.rate,
                cell: (member: WorkloadMember) => <RateForm member={member} currency={currency} />,
              },
            ]
          : []),
      ]}
    />
  );
}
