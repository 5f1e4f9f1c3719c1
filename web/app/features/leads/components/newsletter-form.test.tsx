import { fireEvent, screen, waitFor } from "@testing-library/react";
import toast from "react-hot-toast";
import { describe, expect, it, vi } from "vitest";
import { errors, newsletter } from "../../../lib/messages";
import { formToastDurationMs } from "../../../lib/toast";
import { fakeApi, networkDown } from "../../../test/fake-api";
import { renderWithProviders } from "../../../test/render-with-providers";
import { NewsletterForm } from "./newsletter-form";

function emailField() {
  return screen.getByLabelText(newsletter.emailLabel) as HTMLInputElement;
}

function fillAndSend(email: string) {
  fireEvent.change(emailField(), { target: { value: email } });
  fireEvent.click(screen.getByRole("button", { name: newsletter.submit }));
}

describe("newsletter form (SPEC §5)", () => {
  it("asks for the email when it is empty and sends nothing", async () => {
    const api = fakeApi();
    const errorToast = vi.spyOn(toast, "error");
    renderWithProviders(<NewsletterForm action="/blogs" />);
    fillAndSend("  ");

    expect(await screen.findByText("Please enter your email")).toBeTruthy();
    expect(errorToast).toHaveBeenCalledWith(
      "Please enter your email",
      expect.objectContaining({ duration: formToastDurationMs }),
    );
    expect(api.calls).toEqual([]);
  });

  it("signs the address up, thanks the visitor and empties the field", async () => {
    const api = fakeApi({ "POST /api/newsletter": { success: true, insertedId: "x" } });
    renderWithProviders(<NewsletterForm action="/blogs" />);
    fillAndSend("ada@example.com");

    expect(await screen.findByText("Thanks for joining us !")).toBeTruthy();
    const [call] = api.calls;
    expect(call?.url).toBe("/api/newsletter");
    expect(call?.body).toEqual({ email: "ada@example.com" });
    await waitFor(() => expect(emailField().value).toBe(""));
  });

  it("keeps the address and shows an error toast when the server cannot be reached", async () => {
    fakeApi({ "POST /api/newsletter": networkDown });
    renderWithProviders(<NewsletterForm action="/blogs" />);
    fillAndSend("ada@example.com");

    expect(await screen.findByText(errors.network)).toBeTruthy();
    expect(emailField().value).toBe("ada@example.com");
  });
});
