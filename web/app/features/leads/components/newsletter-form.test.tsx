import { fireEvent, screen, waitFor } from "@testing-library/react";
import toast from "react-hot-toast";
import { describe, expect, it, vi } from "vitest";
import { errors, newsletter } from "../../../lib/messages";
import { formToastDurationMs } from "../../../lib/toast";
import { jsonResponse, renderWithProviders } from "../../../test/render-with-providers";
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
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    const errorToast = vi.spyOn(toast, "error");
    renderWithProviders(<NewsletterForm action="/blogs" />);
    fillAndSend("  ");

    expect(await screen.findByText("Please enter your email")).toBeTruthy();
    expect(errorToast).toHaveBeenCalledWith(
      "Please enter your email",
      expect.objectContaining({ duration: formToastDurationMs }),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("signs the address up, thanks the visitor and empties the field", async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ success: true, insertedId: "x" }, 201));
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<NewsletterForm action="/blogs" />);
    fillAndSend("ada@example.com");

    expect(await screen.findByText("Thanks for joining us !")).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/newsletter");
    expect(JSON.parse(String(init.body))).toEqual({ email: "ada@example.com" });
    await waitFor(() => expect(emailField().value).toBe(""));
  });

  it("keeps the address and shows an error toast when the server cannot be reached", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("fetch failed");
      }),
    );
    renderWithProviders(<NewsletterForm action="/blogs" />);
    fillAndSend("ada@example.com");

    expect(await screen.findByText(errors.network)).toBeTruthy();
    expect(emailField().value).toBe("ada@example.com");
  });
});
