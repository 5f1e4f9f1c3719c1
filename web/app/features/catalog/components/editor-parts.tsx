import type { ReactNode } from "react";
import { Button } from "react-bootstrap";
import { errorMessage } from "../../../lib/api";
import { catalogEditor as t } from "../../../lib/messages";
import { notifyDone, notifyError } from "../../../lib/toast";

/** Runs an editor write: a toast says it is done, or why not (and the form keeps its values). */
export async function run<T>(action: () => Promise<T>, done: (result: T) => string): Promise<T> {
  try {
    const result = await action();
    notifyDone(done(result));
    return result;
  } catch (error) {
    notifyError(errorMessage(error));
    throw error;
  }
}

/** For buttons: the toast has said what went wrong, nothing else to do. */
export function act<T>(action: () => Promise<T>, done: (result: T) => string): void {
  run(action, done).catch(() => {});
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
