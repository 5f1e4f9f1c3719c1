import { useState } from "react";

/**
 * Where a page of a long admin list starts: the first page, or next to a page already shown,
 * through the cursor the list gave (a page a million rows deep is then as quick as the first).
 */
export type PagePosition = { page: number; from?: { after: string } | { before: string } };

type Cursors = { nextCursor: string | null; previousCursor: string | null };

/** The list call's query for a position: `page=0`, or `after=…` / `before=…`. */
export function positionQuery({ from }: PagePosition): string {
  return from ? new URLSearchParams(from).toString() : "page=0";
}

/** The pager moves one page at a time: after the last row shown, or before the first. */
function turnPage(current: PagePosition, wanted: number, cursors: Cursors): PagePosition {
  if (wanted === 0) return { page: 0 };
  if (wanted > current.page && cursors.nextCursor)
    return { page: wanted, from: { after: cursors.nextCursor } };
  if (cursors.previousCursor) return { page: wanted, from: { before: cursors.previousCursor } };
  return { page: 0 };
}

/** A list's position with the pager's move and a return to the first page (when a filter changes). */
export function usePagePosition() {
  const [position, setPosition] = useState<PagePosition>({ page: 0 });
  return {
    position,
    turnTo: (wanted: number, cursors: Cursors) => setPosition(turnPage(position, wanted, cursors)),
    reset: () => setPosition({ page: 0 }),
  };
}
