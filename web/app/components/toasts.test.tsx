import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { loadToasts, notifyError } from "../lib/toast";
import { Toasts } from "./toasts";

describe("Toasts", () => {
  it("shows a toast raised before the toaster was on the screen, for its whole time", async () => {
    notifyError("We couldn't delete the blog post.");
    await loadToasts();
    // The toaster comes up long after the toast was asked for (a slow device loading its chunk).
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 10_000);
    render(<Toasts />);
    const toast = await screen.findByRole("status");
    expect(toast.textContent).toBe("We couldn't delete the blog post.");
    // A toast that had run out would be dismissed at once and gone a second later; this one lasts 5 s.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(screen.getByRole("status").textContent).toBe("We couldn't delete the blog post.");
  });
});
