import type { OrderDetail, TeamAssignee } from "@agency/contract";
import { type FormEvent, useId, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { DueDate } from "../../../components/order-badges";
import { errorMessage } from "../../../lib/api";
import { fromDateTimeLocalInput, toDateTimeLocalInput } from "../../../lib/dates";
import { assignmentTexts as t } from "../../../lib/messages";
import { notifyDone, notifyError } from "../../../lib/toast";
import { useAssignees, useAssignOrder, useSetOrderDue } from "../api/assignment";

/** Runs a change and says how it went. */
async function run(change: () => Promise<unknown>, done: string): Promise<void> {
  try {
    await change();
    notifyDone(done);
  } catch (error) {
    notifyError(errorMessage(error));
  }
}

/**
 * Who on the team does the order's work and by when. A member whose role may assign changes both
 * here; the others read them (the server decides either way).
 */
export function AssignmentCard({ order, canAssign }: { order: OrderDetail; canAssign: boolean }) {
  const id = useId();
  return (
    <section className="card border-0 shadow-sm" aria-labelledby={`${id}-heading`}>
      <div className="card-body">
        <h2 id={`${id}-heading`} className="h5">
          {t.heading}
        </h2>
        {canAssign ? (
          <>
            <AssigneeSelect order={order} />
            {/* A saved date starts the input again from what the server stored. */}
            <DueForm key={order.dueAt ?? "none"} order={order} />
          </>
        ) : (
          <dl className="mb-0">
            <div className="d-flex flex-wrap justify-content-between gap-2 border-bottom py-2">
              <dt className="fw-normal text-body-secondary">{t.assignee}</dt>
              <dd className="mb-0 fw-semibold">{order.assignee?.name ?? t.nobody}</dd>
            </div>
            <div className="d-flex flex-wrap justify-content-between gap-2 py-2">
              <dt className="fw-normal text-body-secondary">{t.due}</dt>
              <dd className="mb-0 fw-semibold">
                <DueDate order={order} withTime empty={t.noDue} />
              </dd>
            </div>
          </dl>
        )}
      </div>
    </section>
  );
}

/** The members to choose from; the current assignee stays listed if they can no longer be chosen. */
function choicesFor(order: OrderDetail, members: TeamAssignee[]): { id: string; name: string }[] {
  const current = order.assignee;
  if (!current || members.some((member) => member.id === current.id)) return members;
  return [current, ...members];
}

function AssigneeSelect({ order }: { order: OrderDetail }) {
  const id = useId();
  const assignees = useAssignees(true);
  const assign = useAssignOrder(order._id);
  const members = choicesFor(order, assignees.data ?? []);

  async function onChange(assigneeId: string) {
    const member = members.find((candidate) => candidate.id === assigneeId);
    await run(
      () => assign.mutateAsync({ assigneeId: assigneeId || null }),
      member ? t.assigned(member.name) : t.unassigned,
    );
  }

  return (
    <Form.Group className="mb-3" controlId={`${id}-assignee`}>
      <Form.Label>{t.assignee}</Form.Label>
      <Form.Select
        value={order.assignee?.id ?? ""}
        disabled={assign.isPending || !assignees.isSuccess}
        onChange={(event) => void onChange(event.currentTarget.value)}
      >
        <option value="">{t.nobodyOption}</option>
        {members.map((member) => (
          <option key={member.id} value={member.id}>
            {member.name}
          </option>
        ))}
      </Form.Select>
      {assignees.isError ? <Form.Text className="text-danger">{t.teamFailed}</Form.Text> : null}
    </Form.Group>
  );
}

function DueForm({ order }: { order: OrderDetail }) {
  const id = useId();
  const setDue = useSetOrderDue(order._id);
  const [value, setValue] = useState(toDateTimeLocalInput(order.dueAt ?? null));

  async function save(dueAt: string | null) {
    await run(() => setDue.mutateAsync({ dueAt }), dueAt ? t.dueSaved : t.dueCleared);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!setDue.isPending) void save(fromDateTimeLocalInput(value));
  }

  return (
    <Form onSubmit={onSubmit} aria-label={t.due} noValidate>
      <p className="mb-2">
        <span className="text-body-secondary">{t.due}: </span>
        <DueDate order={order} withTime empty={t.noDue} />
      </p>
      <Form.Group className="mb-2" controlId={`${id}-due`}>
        <Form.Label>{t.dueInput}</Form.Label>
        <Form.Control
          type="datetime-local"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
      </Form.Group>
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" variant="outline-primary" disabled={setDue.isPending}>
          {t.saveDue}
        </Button>
        {order.dueAt ? (
          <Button variant="outline-secondary" disabled={setDue.isPending} onClick={() => void save(null)}>
            {t.clearDue}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
