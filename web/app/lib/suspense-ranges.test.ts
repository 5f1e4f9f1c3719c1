import { describe, expect, it } from "vitest";
import { markSuspenseRanges } from "./suspense-ranges";

describe("markSuspenseRanges", () => {
  it("marks the ranges of finished Suspense boundaries for Preact, nested ones included", () => {
    const html = "<main><!--$--><section><!--$--><p>a</p><!--/$--></section><!--/$--><!-- --></main>";
    expect(markSuspenseRanges(html)).toBe(
      "<main><!--$s--><section><!--$s--><p>a</p><!--/$s--></section><!--/$s--><!-- --></main>",
    );
  });

  it("leaves the boundaries around React Router's data scripts as React wrote them", () => {
    const html =
      "<section><!--$--><p>b</p><!--/$--></section><!--$--><script>one()</script><!--$--><script>two()</script><!--/$--><!--/$--></body>";
    expect(markSuspenseRanges(html)).toBe(
      "<section><!--$s--><p>b</p><!--/$s--></section><!--$--><script>one()</script><!--$--><script>two()</script><!--/$--><!--/$--></body>",
    );
  });
});
