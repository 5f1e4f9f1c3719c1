import { type BoardCard, formatOrderNumber } from "@agency/contract";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { boardPage as t } from "../../../lib/messages";
import { type MoveTarget, movesFrom } from "../board-moves";

type Props = {
  card: BoardCard;
  onMove: (card: BoardCard, to: MoveTarget) => void;
};

/**
 * A card's Move to… button: it opens the columns the card may go to (the workflow's next steps
 * only), the first of them focused; Escape closes it and gives the focus back to the button.
 */
export function MoveMenu({ card, onMove }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const number = formatOrderNumber(card.number);
  const targets = movesFrom(card);

  useEffect(() => {
    if (open) listRef.current?.querySelector("button")?.focus();
  }, [open]);

  if (targets.length === 0) return null;

  function close() {
    setOpen(false);
    toggleRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    if (event.key === "Escape") {
      event.stopPropagation();
      close();
    }
  }

  return (
    <div className="work-board-move">
      <button
        ref={toggleRef}
        type="button"
        className="btn btn-sm btn-outline-primary"
        aria-expanded={open}
        aria-controls={`${id}-moves`}
        data-move-button=""
        onClick={() => setOpen(!open)}
      >
        {t.move} <span className="visually-hidden">{t.moveHidden(number)}</span> {t.moveTo}
      </button>
      {open ? (
        <ul
          ref={listRef}
          id={`${id}-moves`}
          aria-label={t.moveOptions(number)}
          className="list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0"
          onKeyDown={onKeyDown}
        >
          {targets.map((to) => (
            <li key={to}>
              <button
                type="button"
                className="btn btn-sm btn-primary"
                onClick={() => {
                  // The confirmation gives the focus back here if the move is called off.
                  close();
                  onMove(card, to);
                }}
              >
                {t.columns[to]}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
