import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { confirmAction, errorAlert } from "./alerts";

/**
 * sweetalert2 stood in by a dialog that does what it does to the focus: it takes it into its own
 * buttons, and answers once one is pressed. Returning the focus is the app's business.
 */
const fire = vi.fn((options: { confirmButtonText?: string; cancelButtonText?: string }) => {
  const dialog = document.createElement("div");
  dialog.setAttribute("role", "dialog");
  const confirm = document.createElement("button");
  confirm.textContent = options.confirmButtonText ?? "OK";
  dialog.append(confirm);
  const cancel = document.createElement("button");
  cancel.textContent = options.cancelButtonText ?? "Cancel";
  dialog.append(cancel);
  document.body.append(dialog);
  (options.cancelButtonText ? cancel : confirm).focus();
  return new Promise((resolve) => {
    const answer = (isConfirmed: boolean) => () => {
      dialog.remove();
      resolve({ isConfirmed });
    };
    confirm.addEventListener("click", answer(true));
    cancel.addEventListener("click", answer(false));
  });
});
vi.mock("sweetalert2", () => ({ default: { fire } }));
vi.mock("sweetalert2/dist/sweetalert2.min.css", () => ({}));

function Opener({ open, label }: { open: () => Promise<unknown>; label: string }) {
  const [answered, setAnswered] = useState(false);
  return (
    <>
      <button type="button" onClick={() => void open().then(() => setAnswered(true))}>
        {label}
      </button>
      {answered ? <p>answered</p> : null}
    </>
  );
}

/** Presses the button with the keyboard's focus on it, as a keyboard user does. */
function press(name: string) {
  const button = screen.getByRole("button", { name });
  button.focus();
  fireEvent.click(button);
  return button;
}

describe("the app's dialogs", () => {
  it("give the focus back to the button that opened a confirmation when it is cancelled", async () => {
    render(
      <Opener label="Delete" open={() => confirmAction({ title: "Delete it?", confirmText: "Delete it" })} />,
    );
    const opener = press("Delete");
    const cancel = await screen.findByRole("button", { name: "Cancel" });
    expect(document.activeElement).toBe(cancel);
    fireEvent.click(cancel);
    await screen.findByText("answered");
    expect(document.activeElement).toBe(opener);
  });

  it("give the focus back after a message is closed", async () => {
    render(<Opener label="Pay" open={() => errorAlert("Payment Failed ", "Your card was declined.")} />);
    const opener = press("Pay");
    fireEvent.click(await screen.findByRole("button", { name: "OK" }));
    await screen.findByText("answered");
    expect(document.activeElement).toBe(opener);
  });

  it("leave the focus alone when the opener is gone by the time the dialog closes", async () => {
    const { unmount } = render(
      <Opener label="Delete" open={() => confirmAction({ title: "Delete it?", confirmText: "Delete it" })} />,
    );
    press("Delete");
    const confirm = await screen.findByRole("button", { name: "Delete it" });
    unmount();
    fireEvent.click(confirm);
    await waitFor(() => expect(fire).toHaveBeenCalled());
    expect(document.activeElement).toBe(document.body);
  });
});
