import {
  adminTransitions,
  type Board,
  type BoardCard,
  type BoardColumnState,
  boardColumns,
  byUrgency,
  type ChangeOrderStateBody,
} from "@agency/contract";

/** A state a card may be moved to from the board: one the agency moves orders to. */
export type MoveTarget = ChangeOrderStateBody["state"];

const targets: readonly string[] = ["in_progress", "delivered"] satisfies MoveTarget[];
const isTarget = (state: string): state is MoveTarget => targets.includes(state);
const isColumn = (state: string): state is BoardColumnState =>
  (boardColumns as readonly string[]).includes(state);

/** Where a card may go from its column: the agency's next steps (see `adminTransitions`). */
export function movesFrom(card: Pick<BoardCard, "state">): MoveTarget[] {
  return adminTransitions[card.state].filter(
    (state): state is MoveTarget => isTarget(state) && isColumn(state),
  );
}

/** The column as a place cards may be moved to; null for one they only leave (or reach otherwise). */
export function moveTargetOf(column: BoardColumnState): MoveTarget | null {
  return isTarget(column) ? column : null;
}

export function mayMove(card: Pick<BoardCard, "state">, to: MoveTarget): boolean {
  return movesFrom(card).includes(to);
}

/**
 * The board with the card moved to another column, as it shows while the server makes the change
 * (the board is loaded again once it has).
 */
export function withCardMoved(board: Board, cardId: string, to: MoveTarget): Board {
  const card = board.columns.flatMap((column) => column.cards).find((each) => each._id === cardId);
  if (!card) return board;
  const moved: BoardCard = { ...card, state: to };
  return {
    ...board,
    columns: board.columns.map((column) => {
      if (column.state === card.state) {
        return {
          ...column,
          cards: column.cards.filter((each) => each._id !== cardId),
          total: column.total.more
            ? column.total
            : { ...column.total, count: Math.max(0, column.total.count - 1) },
        };
      }
      if (column.state === to) {
        return {
          ...column,
          cards: [...column.cards, moved].sort(byUrgency),
          total: column.total.more ? column.total : { ...column.total, count: column.total.count + 1 },
        };
      }
      return column;
    }),
  };
}
