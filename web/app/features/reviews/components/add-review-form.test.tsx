import { fireEvent, screen, waitFor } from "@testing-library/react";
import toast from "react-hot-toast";
import { describe, expect, it, vi } from "vitest";
import { reviewForm } from "../../../lib/messages";
import { formToastDurationMs } from "../../../lib/toast";
import { apiFailure, fakeApi } from "../../../test/fake-api";
import { renderWithProviders } from "../../../test/render-with-providers";
import { AddReviewForm } from "./add-review-form";

function commentField() {
  return screen.getByLabelText(reviewForm.commentLabel) as HTMLTextAreaElement;
}

function writeAndSend(comment: string) {
  fireEvent.change(commentField(), { target: { value: comment } });
  fireEvent.click(screen.getByRole("button", { name: reviewForm.submit }));
}

describe("add review form (SPEC §5 Review)", () => {
  it("shows the signed-in user's email in a read-only field", () => {
    fakeApi();
    renderWithProviders(<AddReviewForm email="ada@example.com" />);
    const email = screen.getByLabelText(reviewForm.emailLabel) as HTMLInputElement;
    expect(email.value).toBe("ada@example.com");
    expect(email.readOnly).toBe(true);
  });

  it("asks for a comment when it is empty and sends nothing", async () => {
    const api = fakeApi();
    const errorToast = vi.spyOn(toast, "error");
    renderWithProviders(<AddReviewForm email="ada@example.com" />);
    writeAndSend("   ");

    expect(await screen.findByText(reviewForm.commentMissing)).toBeTruthy();
    expect(errorToast).toHaveBeenCalledWith(
      reviewForm.commentMissing,
      expect.objectContaining({ duration: formToastDurationMs }),
    );
    expect(api.calls).toEqual([]);
  });

  it("sends only the comment, thanks the customer and empties the field", async () => {
    const api = fakeApi({ "POST /api/reviews": { insertedId: "r1" } });
    renderWithProviders(<AddReviewForm email="ada@example.com" />);
    writeAndSend("  They answered every question within a day.  ");

    expect(await screen.findByText(reviewForm.success)).toBeTruthy();
    const [call] = api.calls;
    expect(call?.url).toBe("/api/reviews");
    expect(call?.method).toBe("POST");
    expect(call?.body).toEqual({ comment: "They answered every question within a day." });
    await waitFor(() => expect(commentField().value).toBe(""));
  });

  it("keeps the comment and shows the server's reason when the review is refused", async () => {
    fakeApi({ "POST /api/reviews": apiFailure(429, "rate_limited", "Too many requests.") });
    renderWithProviders(<AddReviewForm email="ada@example.com" />);
    writeAndSend("Lovely people");

    expect(await screen.findByText("Too many requests.")).toBeTruthy();
    expect(commentField().value).toBe("Lovely people");
  });
});
