import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { paymentMessages as t } from "../../../lib/messages";
import { TestCardFields } from "./test-card-fields";

/** Types into the box one character at a time, as a keyboard does. */
function type(box: HTMLInputElement, text: string) {
  for (const character of text) fireEvent.change(box, { target: { value: box.value + character } });
}

function backspace(box: HTMLInputElement) {
  fireEvent.change(box, { target: { value: box.value.slice(0, -1) } });
}

function expiryBox() {
  render(
    <form>
      <TestCardFields idPrefix="card" />
    </form>,
  );
  return screen.getByLabelText(t.expiry) as HTMLInputElement;
}

describe("the test card's expiry box", () => {
  it("adds the slash as the customer types 1230", () => {
    const box = expiryBox();
    type(box, "12");
    expect(box.value).toBe("12 / ");
    type(box, "30");
    expect(box.value).toBe("12 / 30");
  });

  it.each([
    ["12/30", "12 / 30"],
    ["12 / 2030", "12 / 2030"],
    ["4", "04 / "],
  ])("writes %j as %j", (typed, shown) => {
    const box = expiryBox();
    fireEvent.change(box, { target: { value: typed } });
    expect(box.value).toBe(shown);
  });

  it("lets a backspace take the slash away", () => {
    const box = expiryBox();
    type(box, "12");
    backspace(box);
    expect(box.value).toBe("12");
    backspace(box);
    expect(box.value).toBe("1");
  });
});
