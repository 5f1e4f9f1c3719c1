import type { ReactNode } from "react";
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

export function Card({ children }: { children: ReactNode }) {
  return (
    <li className="card border-0 shadow-sm">
      <div className="card-body">{children}</div>
    </li>
  );
}
