import { describe, expect, it } from "vitest";
import { reviewForm } from "../../lib/messages";
import { clampPage, pageCount, previewComment, reviewProblem } from "./review-rules";

describe("review rules", () => {
  it("requires a comment (SPEC §5) and keeps it within the server's limit", () => {
    expect(reviewProblem("")).toBe(reviewForm.commentMissing);
    expect(reviewProblem("   \n ")).toBe(reviewForm.commentMissing);
    expect(reviewProblem("x".repeat(1001))).toBe(reviewForm.commentTooLong(1000));
    expect(reviewProblem("Great team")).toBeUndefined();
  });

  it("previews the first 200 characters of a comment, with an ellipsis only when cut (SPEC §9)", () => {
    expect(previewComment("Short and sweet")).toBe("Short and sweet");
    const exact = "a".repeat(200);
    expect(previewComment(exact)).toBe(exact);
    expect(previewComment(`${"b".repeat(200)}cut here`)).toBe(`${"b".repeat(200)}…`);
    expect(previewComment(`${"c".repeat(199)} and more`)).toBe(`${"c".repeat(199)}…`);
    expect(previewComment(`${"🙂".repeat(201)}`)).toBe(`${"🙂".repeat(200)}…`);
  });

  it("counts pages by the chosen size, so the option 20 really shows 20 a page", () => {
    expect(pageCount(23, 5)).toBe(5);
    expect(pageCount(23, 10)).toBe(3);
    expect(pageCount(23, 15)).toBe(2);
    expect(pageCount(23, 20)).toBe(2);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(0, 5)).toBe(0);
  });

  it("moves back to the last page that still exists", () => {
    expect(clampPage(4, 4)).toBe(3);
    expect(clampPage(2, 4)).toBe(2);
    expect(clampPage(3, 0)).toBe(0);
  });
});
