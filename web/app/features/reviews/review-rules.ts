import { reviewLimits } from "@agency/contract";
import { reviewForm } from "../../lib/messages";

/** SPEC §5 Review: the comment is required (and the server keeps it under its limit). */
export function reviewProblem(comment: string): string | undefined {
  const text = comment.trim();
  if (text === "") return reviewForm.commentMissing;
  if (text.length > reviewLimits.comment) return reviewForm.commentTooLong(reviewLimits.comment);
  return undefined;
}

/** SPEC §9: the admin list shows the first 200 characters of a comment, with an ellipsis when cut. */
export function previewComment(text: string, length: number = reviewLimits.preview): string {
  // Counted in characters as people see them, so an emoji is never cut in half.
  const characters = Array.from(text);
  if (characters.length <= length) return text;
  return `${characters.slice(0, length).join("").trimEnd()}…`;
}

/**
 * How many pages `count` reviews fill at `size` a page (DESIGN "Beyond the spec" 8: the page count
 * follows the chosen size rather than the spec's fixed 5).
 */
export function pageCount(count: number, size: number): number {
  if (size <= 0 || count <= 0) return 0;
  return Math.ceil(count / size);
}

/** The page to show once the list has shrunk, e.g. after its last review was deleted. */
export function clampPage(page: number, pages: number): number {
  return Math.max(0, Math.min(page, pages - 1));
}
