import { type ReactNode, useState } from "react";
import { Button } from "react-bootstrap";
import { catalogEditor as t } from "../../../lib/messages";
import { saveWithToasts } from "../../../lib/toast";

/** For buttons: the toast has said what went wrong, nothing else to do. */
export function act<T>(action: () => Promise<T>, done: (result: T) => string): void {
  saveWithToasts(action, done).catch(() => {});
}

/** The ids with the one at `index` swapped with its neighbour in `direction`. */
export function moved(ids: string[], index: number, direction: -1 | 1): string[] {
  const next = [...ids];
  const other = index + direction;
  const a = next[index];
  const b = next[other];
  if (a === undefined || b === undefined) return ids;
  next[index] = b;
  next[other] = a;
  return next;
}

export function MoveButtons({
  name,
  index,
  count,
  onMove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (direction: -1 | 1) => void;
}) {
  return (
    <>
      <Button
        size="sm"
        variant="outline-secondary"
        aria-label={t.moveUp(name)}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        ↑
      </Button>
      <Button
        size="sm"
        variant="outline-secondary"
        aria-label={t.moveDown(name)}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        ↓
      </Button>
    </>
  );
}

function Card({ children }: { children: ReactNode }) {
  return (
    <li className="card border-0 shadow-sm">
      <div className="card-body">{children}</div>
    </li>
  );
}

/**
 * An editor's list: one card per item, then the add button, which opens the add form in place
 * (`form` gets what to call once the new item is saved, and to close it).
 */
export function EditorList<Item extends { _id: string }>({
  items,
  row,
  addLabel,
  form,
}: {
  items: Item[];
  row: (item: Item, index: number) => ReactNode;
  addLabel: string;
  form: (close: () => void) => ReactNode;
}) {
  const [adding, setAdding] = useState(false);
  return (
    <>
      <ul className="list-unstyled d-grid gap-3 mb-3">
        {items.map((item, index) => (
          <Card key={item._id}>{row(item, index)}</Card>
        ))}
      </ul>
      {adding ? (
        <div className="card border-0 shadow-sm">
          <div className="card-body">{form(() => setAdding(false))}</div>
        </div>
      ) : (
        <Button onClick={() => setAdding(true)}>{addLabel}</Button>
      )}
    </>
  );
}
