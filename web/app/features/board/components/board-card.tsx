import { type BoardCard, formatOrderNumber } from "@agency/contract";
import type { DragEvent } from "react";
import { Link } from "react-router";
import { UnreadBadge } from "../../../components/order-badges";
import { formatDate } from "../../../lib/dates";
import { orderDetail, periodTexts, boardPage as t } from "../../../lib/messages";
import { type MoveTarget, movesFrom } from "../board-moves";
import { MoveMenu } from "./move-menu";

type Props = {
  card: BoardCard;
  onMove: (card: BoardCard, to: MoveTarget) => void;
  onDragStart: (card: BoardCard) => void;
  onDragEnd: () => void;
};

/** One order on the board: who it is for, what, who works on it, when it is due, what is unread. */
export function BoardCardView({ card, onMove, onDragStart, onDragEnd }: Props) {
  const number = formatOrderNumber(card.number);
  const movable = movesFrom(card).length > 0;

  function startDrag(event: DragEvent<HTMLElement>) {
    event.dataTransfer?.setData("text/plain", card._id);
    if (event.dataTransfer) event.dataTransfer.effectAllowed = "move";
    onDragStart(card);
  }

  return (
    <article
      className={`card border-0 shadow-sm work-board-card${movable ? " is-movable" : ""}`}
      aria-label={`${number} ${card.customer}`}
      data-card={card._id}
      tabIndex={-1}
      draggable={movable}
      onDragStart={movable ? startDrag : undefined}
      onDragEnd={onDragEnd}
    >
      <div className="card-body p-3">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
          <Link
            to={`/dashboard/admin/orders/${card._id}`}
            className="fw-semibold"
            aria-label={orderDetail.openLabel(number)}
          >
            {number}
          </Link>
          <UnreadBadge count={card.unread} label={orderDetail.unread(card.unread)} />
          {card.period > 1 ? (
            <span className="badge text-bg-light border ms-auto">{periodTexts.name(card.period)}</span>
          ) : null}
        </div>
        {/* The company first, then the person; a company of one named after its person shows them once. */}
        {card.company && card.company.name !== card.customer ? (
          <p className="mb-0 fw-semibold text-break">{card.company.name}</p>
        ) : null}
        <p className="mb-1 fw-semibold text-break">{card.customer}</p>
        <p className="mb-1 small">
          {card.plan.service} · <span className="text-capitalize">{card.plan.duration}</span>
        </p>
        <p className="mb-1 small text-body-secondary text-break">
          {card.assignee ? t.assignedTo(card.assignee.name) : t.nobody}
        </p>
        {card.completedAt ? (
          <p className="mb-0 small text-body-secondary">{t.completed(formatDate(card.completedAt))}</p>
        ) : (
          <p className={`mb-0 small ${card.overdue ? "text-danger fw-semibold" : "text-body-secondary"}`}>
            {card.dueAt ? t.due(formatDate(card.dueAt)) : t.noDueDate}
            {card.overdue ? ` · ${t.overdue}` : ""}
          </p>
        )}
        {movable ? (
          <div className="mt-2">
            <MoveMenu card={card} onMove={onMove} />
          </div>
        ) : null}
      </div>
    </article>
  );
}
