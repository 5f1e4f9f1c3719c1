import { fireEvent, screen, waitFor } from "@testing-library/react";
import toast from "react-hot-toast";
import { describe, expect, it, vi } from "vitest";
import { briefTexts as t } from "../../../lib/messages";
import { apiFailure, type FakeRoutes, fakeApi } from "../../../test/fake-api";
import { renderWithProviders } from "../../../test/render-with-providers";
import { paidOrder, questions } from "../test/order-fixture";
import { BriefForm } from "./brief-form";

const order = paidOrder();

function field(label: RegExp) {
  return screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
}

function answer(label: RegExp, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

function send() {
  fireEvent.click(screen.getByRole("button", { name: t.submit }));
}

function show(routes: FakeRoutes = {}) {
  const api = fakeApi(routes);
  renderWithProviders(<BriefForm orderId={order._id} questions={questions} />);
  return api;
}

describe("brief form", () => {
  it("asks the plan's questions and marks the required ones", () => {
    show();
    expect(field(/^Your website/).getAttribute("aria-required")).toBe("true");
    expect(field(/^Your goals/).tagName).toBe("TEXTAREA");
    expect(field(/^Anything else/).getAttribute("aria-required")).toBe("false");
    expect(screen.getAllByText(`(${t.required})`)).toHaveLength(2);
  });

  it("names each unanswered required question under it, focuses the first and sends nothing", async () => {
    const api = show();
    const problemToast = vi.spyOn(toast, "error");
    answer(/^Anything else/, "Call after 5");
    send();

    expect(await screen.findByText(t.missing("Your website"))).toBeTruthy();
    expect(screen.getByText(t.missing("Your goals"))).toBeTruthy();
    expect(field(/^Your website/).getAttribute("aria-invalid")).toBe("true");
    expect(field(/^Your website/).getAttribute("aria-describedby")).toBeTruthy();
    expect(document.activeElement).toBe(field(/^Your website/));
    expect(problemToast).toHaveBeenCalledWith(t.fixBelow, expect.anything());
    expect(api.calls).toEqual([]);
  });

  it("treats an answer of spaces as unanswered and refuses a website that is not a web address", async () => {
    const api = show();
    answer(/^Your website/, "my shop dot com");
    answer(/^Your goals/, "   ");
    send();

    expect(await screen.findByText(t.notAWebAddress("Your website"))).toBeTruthy();
    expect(screen.getByText(t.missing("Your goals"))).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("sends the trimmed answers given, leaves an empty optional one out and thanks the customer", async () => {
    const api = show({
      "PUT /api/order/:id/brief": paidOrder({
        brief: {
          questions,
          answers: [{ questionId: "q-website", label: "Your website", value: "https://ada.example" }],
          submittedAt: "2026-11-23T11:00:00.000Z",
          carriedOver: false,
          confirmedAt: "2026-11-23T11:00:00.000Z",
        },
      }),
    });
    answer(/^Your website/, "  https://ada.example ");
    answer(/^Your goals/, "More leads\nfrom search");
    send();

    expect(await screen.findByText(t.sent)).toBeTruthy();
    const [call] = api.calls;
    expect(call?.url).toBe(`/api/order/${order._id}/brief`);
    expect(call?.method).toBe("PUT");
    expect(call?.body).toEqual({
      answers: { "q-website": "https://ada.example", "q-goals": "More leads\nfrom search" },
    });
    expect(screen.queryByText(t.missing("Your website"))).toBeNull();
  });

  it("shows the server's reason under the question it names, and keeps the answers", async () => {
    show({
      "PUT /api/order/:id/brief": apiFailure(400, "bad_request", "Some answers need another look.", {
        "answers.q-goals": "is too vague",
      }),
    });
    answer(/^Your website/, "https://ada.example");
    answer(/^Your goals/, "Sell");
    send();

    expect(await screen.findByText("is too vague")).toBeTruthy();
    expect(await screen.findByText("Some answers need another look.")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field(/^Your goals/)));
    expect(field(/^Your goals/).value).toBe("Sell");
  });
});
