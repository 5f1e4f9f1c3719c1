import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../lib/api";
import { errors } from "../lib/messages";
import { LoadError } from "./load-error";

describe("a failed load", () => {
  it("says what failed and the server's reason, and asks again from its retry button", () => {
    const refetch = vi.fn();
    const query = { error: new ApiError(503, "internal", "The shop is busy."), refetch, isFetching: false };
    render(<LoadError message="We couldn't load your orders." query={query} />);

    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("We couldn't load your orders.");
    expect(alert.textContent).toContain("The shop is busy.");
    fireEvent.click(screen.getByRole("button", { name: errors.retry }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it("cannot be asked again while the retry is on its way", () => {
    const query = { error: new Error("offline"), refetch: vi.fn(), isFetching: true };
    render(<LoadError message="We couldn't load the users." query={query} />);
    expect((screen.getByRole("button", { name: errors.retry }) as HTMLButtonElement).disabled).toBe(true);
  });
});
