import { formatMinutes, type TimeEntry } from "@agency/contract";
import { type FormEvent, useId, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { DataList } from "../../../components/data-list";
import { LoadError } from "../../../components/load-error";
import { confirmAction } from "../../../lib/alerts";
import { errorMessage } from "../../../lib/api";
import { formatBillingDate, formatDateTime } from "../../../lib/dates";
import { timeTexts as t } from "../../../lib/messages/workday";
import { notifyError, notifySuccess } from "../../../lib/toast";
import { useOrderTime, useRunningTimer, useTimeActions } from "../api/time";

const today = () => new Date().toISOString().slice(0, 10);

/** Hours and minutes as typed: the whole minutes they make (0 when nothing is typed). */
function minutesOf(hours: string, minutes: string): number {
  const whole = (text: string) => (text.trim() === "" ? 0 : Number(text));
  const total = whole(hours) * 60 + whole(minutes);
  return Number.isFinite(total) ? Math.round(total) : Number.NaN;
}

async function run(action: () => Promise<unknown>, done: string) {
  try {
    await action();
    notifySuccess(done);
    return true;
  } catch (error) {
    notifyError(errorMessage(error));
    return false;
  }
}

/** The duration fields of an entry: hours and minutes, read as whole minutes. */
function DurationFields({
  idPrefix,
  hours,
  minutes,
  onHours,
  onMinutes,
}: {
  idPrefix: string;
  hours: string;
  minutes: string;
  onHours: (value: string) => void;
  onMinutes: (value: string) => void;
}) {
  return (
    <>
      <Form.Group controlId={`${idPrefix}-hours`} style={{ maxWidth: 110 }}>
        <Form.Label>{t.add.hours}</Form.Label>
        <Form.Control
          type="number"
          min={0}
          max={24}
          inputMode="numeric"
          value={hours}
          onChange={(e) => onHours(e.target.value)}
        />
      </Form.Group>
      <Form.Group controlId={`${idPrefix}-minutes`} style={{ maxWidth: 110 }}>
        <Form.Label>{t.add.minutes}</Form.Label>
        <Form.Control
          type="number"
          min={0}
          max={59}
          inputMode="numeric"
          value={minutes}
          onChange={(e) => onMinutes(e.target.value)}
        />
      </Form.Group>
    </>
  );
}

function AddTime({ orderId }: { orderId: string }) {
  const { add } = useTimeActions();
  const [day, setDay] = useState(today);
  const [hours, setHours] = useState("");
  const [minutes, setMinutes] = useState("");
  const [note, setNote] = useState("");
  const [billable, setBillable] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const total = minutesOf(hours, minutes);
    if (!(total > 0)) return setProblem(t.add.noDuration);
    setProblem(null);
    const ok = await run(
      () => add.mutateAsync({ orderId, body: { day, minutes: total, note: note.trim(), billable } }),
      t.add.done(formatMinutes(total)),
    );
    if (ok) {
      setHours("");
      setMinutes("");
      setNote("");
    }
  }

  return (
    <Form onSubmit={submit} aria-labelledby={headingId} className="border-top pt-3 mt-3">
      <h3 id={headingId} className="h6">
        {t.add.heading}
      </h3>
      <div className="d-flex flex-wrap gap-2 align-items-end">
        <Form.Group controlId="time-day" style={{ maxWidth: 170 }}>
          <Form.Label>{t.add.day}</Form.Label>
          <Form.Control
            type="date"
            value={day}
            max={today()}
            onChange={(e) => setDay(e.target.value)}
            required
          />
        </Form.Group>
        <DurationFields
          idPrefix="time"
          hours={hours}
          minutes={minutes}
          onHours={setHours}
          onMinutes={setMinutes}
        />
        <Form.Group controlId="time-note" className="flex-grow-1" style={{ minWidth: 180 }}>
          <Form.Label>{t.add.note}</Form.Label>
          <Form.Control value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        </Form.Group>
        <Form.Check
          id="time-billable"
          className="mb-2"
          label={t.add.billable}
          checked={billable}
          onChange={(e) => setBillable(e.target.checked)}
        />
        <Button type="submit" variant="outline-primary" disabled={add.isPending}>
          {t.add.submit}
        </Button>
      </div>
      {problem ? (
        <p className="text-danger small mt-2 mb-0" role="alert">
          {problem}
        </p>
      ) : null}
    </Form>
  );
}

/** One entry's change: its duration, note and whether it is billable. */
function EditEntry({ entry, onDone }: { entry: TimeEntry; onDone: () => void }) {
  const { change } = useTimeActions();
  const [hours, setHours] = useState(String(Math.floor((entry.minutes ?? 0) / 60)));
  const [minutes, setMinutes] = useState(String((entry.minutes ?? 0) % 60));
  const [note, setNote] = useState(entry.note);
  const [billable, setBillable] = useState(entry.billable);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const total = minutesOf(hours, minutes);
    if (!(total > 0)) return notifyError(t.add.noDuration);
    if (
      await run(
        () => change.mutateAsync({ id: entry._id, patch: { minutes: total, note: note.trim(), billable } }),
        t.saved,
      )
    )
      onDone();
  }
  return (
    <Form onSubmit={submit} aria-label={t.edit} className="d-flex flex-wrap gap-2 align-items-end">
      <DurationFields
        idPrefix={`edit-${entry._id}`}
        hours={hours}
        minutes={minutes}
        onHours={setHours}
        onMinutes={setMinutes}
      />
      <Form.Group controlId={`edit-${entry._id}-note`}>
        <Form.Label>{t.add.note}</Form.Label>
        <Form.Control value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
      </Form.Group>
      <Form.Check
        id={`edit-${entry._id}-billable`}
        className="mb-2"
        label={t.add.billable}
        checked={billable}
        onChange={(e) => setBillable(e.target.checked)}
      />
      <Button type="submit" size="sm" disabled={change.isPending}>
        {t.save}
      </Button>
      <Button size="sm" variant="outline-secondary" onClick={onDone}>
        {t.cancel}
      </Button>
    </Form>
  );
}

/**
 * An order's time on its page: the member's timer (start, stop), the entries with what they add
 * up to, per member too, and an entry by hand. Each entry is changed by its author or a member
 * with `time.manage` (the server decides: `mayEdit`).
 */
export function TimePanel({ orderId }: { orderId: string }) {
  const headingId = useId();
  const listId = useId();
  const time = useOrderTime(orderId);
  const running = useRunningTimer(true);
  const actions = useTimeActions();
  const [editing, setEditing] = useState<string | null>(null);
  if (time.isPending) return null;
  if (time.isError) return <LoadError message={t.failed} query={time} />;
  const { entries, totals, byMember } = time.data;
  const mine = running.data?.entry;
  const runningHere = mine?.orderId === orderId;

  const remove = async (entry: TimeEntry) => {
    const confirmed = await confirmAction({
      title: t.heading,
      text: t.deleteConfirm,
      confirmText: t.delete,
      destructive: true,
    });
    if (confirmed) await run(() => actions.remove.mutateAsync(entry._id), t.deleted);
  };

  return (
    <section aria-labelledby={headingId} className="card border-0 shadow-sm mt-3">
      <div className="card-body">
        <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-2">
          <h2 id={headingId} className="h6 mb-0">
            {t.heading}
          </h2>
          {runningHere ? (
            <Button
              size="sm"
              variant="danger"
              disabled={actions.stop.isPending}
              onClick={() =>
                void actions.stop
                  .mutateAsync()
                  .then((entry) => notifySuccess(t.stopped(formatMinutes(entry.minutes ?? 0))))
                  .catch((error) => notifyError(errorMessage(error)))
              }
            >
              {t.stop}
            </Button>
          ) : (
            <Button
              size="sm"
              disabled={actions.start.isPending}
              onClick={() => void run(() => actions.start.mutateAsync(orderId), t.started)}
            >
              {t.start}
            </Button>
          )}
        </div>
        {runningHere && mine?.startedAt ? (
          <p className="small text-body-secondary">{t.runningHere(formatDateTime(mine.startedAt))}</p>
        ) : null}
        <p className="mb-2">
          <span className="fw-semibold">
            {time.data.expectedMinutes === null
              ? t.total(formatMinutes(totals.minutes))
              : t.against(formatMinutes(totals.minutes), formatMinutes(time.data.expectedMinutes))}
          </span>
          <span className="text-body-secondary"> · {t.billable(formatMinutes(totals.billableMinutes))}</span>
        </p>
        {time.data.byPeriod.length > 1 ? (
          <p className="small text-body-secondary mb-2">
            {t.perPeriod}:{" "}
            {time.data.byPeriod
              .map((period) => t.period(formatBillingDate(period.start), formatMinutes(period.minutes)))
              .join(" · ")}
          </p>
        ) : null}
        {byMember.length > 1 ? (
          <p className="small text-body-secondary mb-2">
            {t.byMember}:{" "}
            {byMember.map((member) => `${member.memberName} ${formatMinutes(member.minutes)}`).join(" · ")}
          </p>
        ) : null}
        {entries.length === 0 ? (
          <p className="text-body-secondary small">{t.none}</p>
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
                { header: t.columns.day, cell: (entry) => formatBillingDate(entry.day) },
                { header: t.columns.member, cell: (entry) => entry.memberName },
                {
                  header: t.columns.duration,
                  className: "text-nowrap",
                  cell: (entry) => (entry.minutes === null ? t.running : formatMinutes(entry.minutes)),
                },
                {
                  header: t.columns.note,
                  long: true,
                  cell: (entry) =>
                    editing === entry._id ? (
                      <EditEntry entry={entry} onDone={() => setEditing(null)} />
                    ) : (
                      entry.note
                    ),
                },
                { header: t.columns.billable, cell: (entry) => (entry.billable ? t.yes : t.no) },
                {
                  header: t.columns.actions,
                  cell: (entry) =>
                    entry.mayEdit && entry.minutes !== null && editing !== entry._id ? (
                      <div className="d-flex gap-1">
                        <Button size="sm" variant="outline-primary" onClick={() => setEditing(entry._id)}>
                          {t.edit}
                        </Button>
                        <Button size="sm" variant="outline-danger" onClick={() => void remove(entry)}>
                          {t.delete}
                        </Button>
                      </div>
                    ) : null,
                },
              ]}
            />
          </>
        )}
        <AddTime orderId={orderId} />
        <p className="small mt-3 mb-0">
          <a href="/api/admin/time.csv" download>
            {t.exportAll}
          </a>
        </p>
      </div>
    </section>
  );
}
