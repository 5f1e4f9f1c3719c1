import type { LeadStored } from "@agency/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import toast from "react-hot-toast";
import { describe, expect, it, vi } from "vitest";
import { contact, errors } from "../../../lib/messages";
import { formToastDurationMs } from "../../../lib/toast";
import { apiFailure, fakeApi, networkDown } from "../../../test/fake-api";
import { renderWithProviders } from "../../../test/render-with-providers";
import { ContactForm } from "./contact-form";

const stored: LeadStored = { success: true, insertedId: "00000000-0000-4000-8000-000000000001" };

function fields() {
  return {
    name: screen.getByLabelText(contact.nameLabel) as HTMLInputElement,
    email: screen.getByLabelText(contact.emailLabel) as HTMLInputElement,
    message: screen.getByLabelText(contact.messageLabel) as HTMLTextAreaElement,
  };
}

function fill(values: { name?: string; email?: string; message?: string }) {
  const inputs = fields();
  for (const [key, value] of Object.entries(values)) {
    fireEvent.change(inputs[key as keyof typeof inputs], { target: { value } });
  }
}

function send() {
  fireEvent.click(screen.getByRole("button", { name: contact.submit }));
}

describe("contact form (SPEC §5)", () => {
  it("sits under the spec's heading with the 24-hour promise and labelled fields", () => {
    renderWithProviders(<ContactForm />);
    expect(screen.getByRole("heading", { name: "Have some questions or want to say hi ?" })).toBeTruthy();
    expect(screen.getByText(/within 24 hours/)).toBeTruthy();
    expect(fields().email.type).toBe("email");
  });

  it.each([
    ["all three are empty", {}, contact.allMissing],
    ["the name is missing, before anything else", { message: "Hi" }, contact.nameMissing],
    [
      "the name is only spaces",
      { name: "   ", email: "ada@example.com", message: "Hi" },
      contact.nameMissing,
    ],
    ["the email is missing", { name: "Ada", message: "Hi" }, contact.emailMissing],
    ["the description is empty", { name: "Ada", email: "ada@example.com" }, "Write anything you want..."],
  ])("when %s it shows one error toast, sends nothing and keeps the values", async (_, values, message) => {
    const api = fakeApi();
    const errorToast = vi.spyOn(toast, "error");
    renderWithProviders(<ContactForm />);
    fill(values);
    send();

    expect(await screen.findByText(message)).toBeTruthy();
    expect(errorToast).toHaveBeenCalledTimes(1);
    expect(errorToast).toHaveBeenCalledWith(
      message,
      expect.objectContaining({ duration: formToastDurationMs }),
    );
    expect(api.calls).toEqual([]);
    const inputs = fields();
    expect({ name: inputs.name.value, email: inputs.email.value, message: inputs.message.value }).toEqual({
      name: "",
      email: "",
      message: "",
      ...values,
    });
  });

  it("sends the message to the server, shows the spec's success toast and resets the form", async () => {
    const api = fakeApi({ "POST /api/leads/contact": stored });
    const successToast = vi.spyOn(toast, "success");
    renderWithProviders(<ContactForm />);
    fill({ name: "Ada", email: "ada@example.com", message: "A new landing page, please." });
    send();

    expect(await screen.findByText("Successfully send your message.")).toBeTruthy();
    expect(successToast).toHaveBeenCalledWith(
      "Successfully send your message.",
      expect.objectContaining({ duration: formToastDurationMs }),
    );
    const [call] = api.calls;
    expect(call?.url).toBe("/api/leads/contact");
    expect(call?.method).toBe("POST");
    expect(call?.body).toEqual({
      name: "Ada",
      email: "ada@example.com",
      message: "A new landing page, please.",
    });
    await waitFor(() => expect(fields().name.value).toBe(""));
    expect(fields().email.value).toBe("");
    expect(fields().message.value).toBe("");
  });

  it("shows an error toast and keeps the values when the server cannot be reached", async () => {
    fakeApi({ "POST /api/leads/contact": networkDown });
    renderWithProviders(<ContactForm />);
    fill({ name: "Ada", email: "ada@example.com", message: "Hello" });
    send();

    expect(await screen.findByText(errors.network)).toBeTruthy();
    expect(fields().name.value).toBe("Ada");
    expect(fields().message.value).toBe("Hello");
  });

  it("shows the server's reason when it refuses the message, and keeps the values", async () => {
    fakeApi({
      "POST /api/leads/contact": apiFailure(429, "rate_limited", "Too many requests. Please wait."),
    });
    renderWithProviders(<ContactForm />);
    fill({ name: "Ada", email: "ada@example.com", message: "Hello" });
    send();

    expect(await screen.findByText("Too many requests. Please wait.")).toBeTruthy();
    expect(fields().email.value).toBe("ada@example.com");
  });
});
