type Props = { label: string; value: string; note?: string; testId: string };

/** One headline figure of the Overview. */
export function StatCard({ label, value, note, testId }: Props) {
  return (
    <div className="col">
      <dl className="card border-0 shadow-sm h-100 mb-0">
        <div className="card-body">
          <dt className="text-body-secondary small fw-normal">{label}</dt>
          <dd className="h4 mb-0" data-testid={testId}>
            {value}
          </dd>
          {note ? <dd className="small text-body-secondary mb-0 mt-1">{note}</dd> : null}
        </div>
      </dl>
    </div>
  );
}
