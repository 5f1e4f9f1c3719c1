import { fireEvent, screen, waitFor } from "@testing-library/react";
import toast from "react-hot-toast";
import { describe, expect, it, vi } from "vitest";
import { errors, queryForm } from "../../../lib/messages";
import { formToastDurationMs } from "../../../lib/toast";
import { fakeApi, networkDown } from "../../../test/fake-api";
import { renderWithProviders } from "../../../test/render-with-providers";
import { QueryForm } from "./query-form";

function fields() {
  return {
    website: screen.getByLabelText(queryForm.websiteLabel) as HTMLInputElement,
    email: screen.getByLabelText(queryForm.emailLabel) as HTMLInputElement,
  };
}

function fillAndSend(values: { website?: string; email?: string }) {
  const inputs = fields();
  if (values.website !== undefined) fireEvent.change(inputs.website, { target: { value: values.website } });
  if (values.email !== undefined) fireEvent.change(inputs.email, { target: { value: values.email } });
  fireEvent.click(screen.getByRole("button", { name: queryForm.submit }));
}

describe("query form on the landing page (SPEC §5)", () => {
  it.each<[string, { website?: string; email?: string }, string]>([
    ["both are empty", {}, queryForm.bothMissing],
    ["the email is missing", { website: "https://ada.example" }, "Please Fill This Field."],
    ["the website is missing", { email: "ada@example.com" }, "Please Enter Your Website url"],
  ])(
    "when %s it shows its toast for 2000 ms, sends nothing and keeps the values",
    async (_, values, message) => {
      const api = fakeApi();
      const errorToast = vi.spyOn(toast, "error");
      renderWithProviders(<QueryForm />);
      fillAndSend(values);

      expect(await screen.findByText(message)).toBeTruthy();
      expect(errorToast).toHaveBeenCalledWith(
        message,
        expect.objectContaining({ duration: formToastDurationMs }),
      );
      expect(api.calls).toEqual([]);
      expect(fields().website.value).toBe(values.website ?? "");
      expect(fields().email.value).toBe(values.email ?? "");
    },
  );

  it("stores the request, shows 'Successfully Send.' and resets the form", async () => {
    const api = fakeApi({ "POST /api/leads/query": { success: true, insertedId: "x" } });
    const successToast = vi.spyOn(toast, "success");
    renderWithProviders(<QueryForm />);
    fillAndSend({ website: "ada.example", email: "ada@example.com" });

    expect(await screen.findByText("Successfully Send.")).toBeTruthy();
    expect(successToast).toHaveBeenCalledWith(
      "Successfully Send.",
      expect.objectContaining({ duration: formToastDurationMs }),
    );
    const [call] = api.calls;
    expect(call?.url).toBe("/api/leads/query");
    expect(call?.body).toEqual({ website: "ada.example", email: "ada@example.com" });
    await waitFor(() => expect(fields().website.value).toBe(""));
    expect(fields().email.value).toBe("");
  });

  it("keeps the values and shows an error toast when the server cannot be reached", async () => {
    fakeApi({ "POST /api/leads/query": networkDown });
    renderWithProviders(<QueryForm />);
    fillAndSend({ website: "ada.example", email: "ada@example.com" });

    expect(await screen.findByText(errors.network)).toBeTruthy();
    expect(fields().website.value).toBe("ada.example");
    expect(fields().email.value).toBe("ada@example.com");
  });
});
