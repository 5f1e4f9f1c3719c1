import type { Message } from "@agency/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { threadTexts as t } from "../../../lib/messages";
import { templatesPage } from "../../../lib/messages/workday";
import { apiFailure, fakeApi } from "../../../test/fake-api";
import { renderWithProviders } from "../../../test/render-with-providers";
import { paidOrder } from "../test/order-fixture";
import { Thread } from "./thread";

const order = paidOrder();

function message(overrides: Partial<Message>): Message {
  return {
    _id: crypto.randomUUID(),
    author: { name: "Ada", role: "customer" },
    body: "",
    internal: false,
    period: 1,
    createdAt: "2026-11-23T11:00:00.000Z",
    files: [],
    ...overrides,
  };
}

const thread = [
  message({ body: `Our site is https://ada.example/shop. <img src=x onerror="alert(1)">` }),
  message({
    author: { name: "Grace", role: "admin" },
    body: "Check the draft before Friday.",
    createdAt: "2026-11-23T12:00:00.000Z",
    files: [
      {
        _id: "f1",
        name: "draft.pdf",
        size: 2048,
        contentType: "application/pdf",
        createdAt: "2026-11-23T12:00:00.000Z",
        url: "/api/files/f1",
      },
    ],
  }),
  message({ author: { name: "Grace", role: "admin" }, body: "Upsell the yearly plan.", internal: true }),
];

const base = `/api/order/${order._id}`;

describe("order thread", () => {
  it("shows messages oldest first, links addresses, never markup, and marks internal notes", async () => {
    fakeApi({
      "GET /api/order/:id/messages": { messages: thread },
      "GET /api/messages/unread": { total: 0, orders: [] },
    });
    renderWithProviders(<Thread orderId={order._id} audience="admin" />);

    const list = await screen.findByRole("list", { name: t.heading });
    const items = [...list.children] as HTMLElement[];
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining("Our site is"),
      expect.stringContaining("Check the draft"),
      expect.stringContaining("Upsell"),
    ]);
    const link = within(items[0] as HTMLElement).getByRole("link", { name: "https://ada.example/shop" });
    expect(link.getAttribute("href")).toBe("https://ada.example/shop");
    expect(list.querySelector("img")).toBeNull();
    expect(items[0]?.textContent).toContain(`<img src=x onerror="alert(1)">`);
    expect(
      within(items[1] as HTMLElement)
        .getByRole("link", { name: t.download("draft.pdf") })
        .getAttribute("href"),
    ).toBe("/api/files/f1");
    expect(within(items[2] as HTMLElement).getByText(t.internal)).toBeTruthy();
    expect(within(items[0] as HTMLElement).queryByText(t.internal)).toBeNull();
  });

  it("says why a file was refused, sends only the stored ones and offers no internal note to a customer", async () => {
    const api = fakeApi({
      "GET /api/order/:id/messages": { messages: [] },
      "GET /api/messages/unread": { total: 0, orders: [] },
      "POST /api/order/:id/files": ({ body }) => {
        const file = (body as FormData).get("file") as File;
        return file.size === 0
          ? apiFailure(400, "bad_request", "The file is empty.")
          : {
              _id: "f-logo",
              name: file.name,
              size: file.size,
              contentType: file.type,
              createdAt: "2026-11-23T12:00:00.000Z",
              url: "/api/files/f-logo",
            };
      },
      "POST /api/order/:id/messages": message({ body: "Our logo" }),
    });
    renderWithProviders(<Thread orderId={order._id} audience="customer" />);
    expect(await screen.findByText(t.none)).toBeTruthy();
    expect(screen.queryByLabelText(t.internalSwitch)).toBeNull();

    fireEvent.change(screen.getByLabelText(t.files), {
      target: {
        files: [
          new File(["png"], "logo.png", { type: "image/png" }),
          new File([], "empty.txt", { type: "text/plain" }),
        ],
      },
    });
    expect(await screen.findByText("The file is empty.")).toBeTruthy();
    await screen.findByText(t.size(3));
    fireEvent.change(screen.getByLabelText(t.message), { target: { value: "  Our logo  " } });
    fireEvent.click(screen.getByRole("button", { name: t.send }));

    await waitFor(() => expect(api.urls("POST")).toContain(`${base}/messages`));
    expect(api.bodies("POST /api/order/:id/messages")[0]).toEqual({
      body: "Our logo",
      internal: false,
      fileIds: ["f-logo"],
    });
    expect(await screen.findByText(t.sent)).toBeTruthy();
  });

  it("asks for a message or a file before sending anything", async () => {
    const api = fakeApi({
      "GET /api/order/:id/messages": { messages: [] },
      "GET /api/messages/unread": { total: 0, orders: [] },
    });
    renderWithProviders(<Thread orderId={order._id} audience="customer" />);
    await screen.findByText(t.none);
    fireEvent.click(screen.getByRole("button", { name: t.send }));
    expect(await screen.findByText(t.empty)).toBeTruthy();
    expect(api.urls("POST")).toEqual([]);
  });

  it("fills a reply template in for the order and adds it to the message being written", async () => {
    const api = fakeApi({
      "GET /api/order/:id/messages": { messages: [] },
      "GET /api/messages/unread": { total: 0, orders: [] },
      "GET /api/admin/templates": [
        {
          _id: "0b1c2d3e-0000-4000-8000-0000000000a1",
          name: "Welcome",
          body: "Hi {{customer.name}}",
          createdByName: null,
          updatedAt: "2026-11-29T10:00:00.000Z",
        },
      ],
      "GET /api/admin/orders/:id/templates/:templateId": { text: "Hi Ada" },
    });
    renderWithProviders(<Thread orderId={order._id} audience="admin" />);
    const box = await screen.findByLabelText(t.message);
    fireEvent.change(box, { target: { value: "Thanks!" } });
    fireEvent.change(await screen.findByLabelText(templatesPage.insert), {
      target: { value: "0b1c2d3e-0000-4000-8000-0000000000a1" },
    });
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe("Thanks!\n\nHi Ada"));
    expect(api.urls("GET")).toContain(
      `/api/admin/orders/${order._id}/templates/0b1c2d3e-0000-4000-8000-0000000000a1`,
    );
  });
});
