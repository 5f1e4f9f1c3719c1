import {
  type Board,
  type BoardCard,
  type BoardColumn,
  type BoardColumnState,
  formatMatchCount,
  formatOrderNumber,
} from "@agency/contract";
import { type DragEvent, useEffect, useRef, useState } from "react";
import { confirmAction } from "../../../lib/alerts";
import { errorMessage } from "../../../lib/api";
import { boardPage as t, workflowActions } from "../../../lib/messages";
import { notifyError } from "../../../lib/toast";
import { type BoardFilter, useMoveCard } from "../api/board";
import { type MoveTarget, mayMove, moveTargetOf } from "../board-moves";
import { BoardCardView } from "./board-card";

/** What the order's page asks before the same move: the customer is mailed about each. */
function question(card: BoardCard, to: MoveTarget) {
  const number = formatOrderNumber(card.number);
  if (to === "delivered") {
    return {
      title: workflowActions.deliverQuestion(number),
      text: workflowActions.deliverText(0),
      confirmText: workflowActions.deliver,
    };
  }
  return card.state === "delivered"
    ? {
        title: workflowActions.reopenQuestion(number),
        text: workflowActions.reopenText,
        confirmText: workflowActions.reopen,
      }
    : {
        title: workflowActions.startQuestion(number),
        text: workflowActions.startText,
        confirmText: workflowActions.start,
      };
}

type ColumnProps = {
  column: BoardColumn;
  dragging: BoardCard | null;
  onMove: (card: BoardCard, to: MoveTarget) => void;
  onDragStart: (card: BoardCard) => void;
  onDragEnd: () => void;
};

function Column({ column, dragging, onMove, onDragStart, onDragEnd }: ColumnProps) {
  const headingId = `board-column-${column.state}`;
  const target = moveTargetOf(column.state);
  const canDrop = Boolean(dragging && target && mayMove(dragging, target));
  const total = formatMatchCount(column.total);
  const hidden = column.total.more || column.total.count > column.cards.length;

  function onDragOver(event: DragEvent<HTMLElement>) {
    if (!canDrop) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = "move";
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    if (!canDrop || !dragging || !target) return;
    event.preventDefault();
    onMove(dragging, target);
    onDragEnd();
  }

  return (
    <section
      className={`work-board-column rounded p-2${canDrop ? " is-drop-target" : ""}`}
      aria-labelledby={headingId}
      data-column={column.state}
      onDragOver={onDragOver}
      onDrop={onDrop}
    >
      <h2 id={headingId} className="h6 d-flex align-items-center justify-content-between gap-2 px-1 mb-2">
        <span>{t.columns[column.state]}</span>
        <span className="badge rounded-pill text-bg-secondary" aria-hidden="true">
          {total}
        </span>
        <span className="visually-hidden">, {t.count(total)}</span>
      </h2>
      {canDrop ? <p className="small text-primary px-1 mb-2">{t.dragHint}</p> : null}
      {column.cards.length === 0 ? (
        <p className="small text-body-secondary px-1 mb-0">{t.empty}</p>
      ) : (
        <ul className="list-unstyled d-grid gap-2 mb-0 work-board-cards">
          {column.cards.map((card) => (
            <li key={card._id}>
              <BoardCardView card={card} onMove={onMove} onDragStart={onDragStart} onDragEnd={onDragEnd} />
            </li>
          ))}
        </ul>
      )}
      {hidden ? (
        <p className="small text-body-secondary px-1 mt-2 mb-0">
          {column.state === "complete"
            ? t.shownComplete(column.cards.length, total)
            : t.shown(column.cards.length, total)}
        </p>
      ) : null}
    </section>
  );
}

/**
 * The board's columns. A card moves by dragging it onto a column that may take it (the others
 * do not accept the drop), or from its Move to… button; either way the move is confirmed as on
 * the order's page, made with the order's state change, and its outcome is announced.
 */
export function BoardView({ board, filter }: { board: Board; filter: BoardFilter }) {
  const move = useMoveCard(filter);
  const [dragging, setDragging] = useState<BoardCard | null>(null);
  const [announcement, setAnnouncement] = useState("");
  // Where the focus goes once the board shows it: the moved card, in its new column (or, when the
  // move failed, back in its old one).
  const [focusTarget, setFocusTarget] = useState<{ id: string; column: BoardColumnState } | null>(null);
  const boardRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focusTarget) return;
    const shown = board.columns
      .find((column) => column.state === focusTarget.column)
      ?.cards.some((card) => card._id === focusTarget.id);
    if (!shown) return;
    const card = boardRef.current?.querySelector<HTMLElement>(
      `[data-column="${focusTarget.column}"] [data-card="${focusTarget.id}"]`,
    );
    (card?.querySelector<HTMLElement>("[data-move-button]") ?? card)?.focus();
    setFocusTarget(null);
  }, [focusTarget, board]);

  async function onMove(card: BoardCard, to: MoveTarget) {
    // One move at a time: the board is loaded again after each.
    if (move.isPending || !(await confirmAction(question(card, to)))) return;
    const number = formatOrderNumber(card.number);
    setAnnouncement(t.moving(number));
    try {
      await move.mutateAsync({ id: card._id, to });
      setAnnouncement(t.moved(number, t.columns[to]));
      setFocusTarget({ id: card._id, column: to });
    } catch (error) {
      const reason = errorMessage(error);
      setAnnouncement(t.notMoved(number, reason));
      notifyError(reason);
      setFocusTarget({ id: card._id, column: card.state as BoardColumnState });
    }
  }

  return (
    <>
      <div className="work-board" ref={boardRef}>
        {board.columns.map((column) => (
          <Column
            key={column.state}
            column={column}
            dragging={dragging}
            onMove={(card, to) => void onMove(card, to)}
            onDragStart={setDragging}
            onDragEnd={() => setDragging(null)}
          />
        ))}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
