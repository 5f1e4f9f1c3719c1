import type { LeadForms } from "@agency/contract";
import { describe, expect, it, vi } from "vitest";
import { contact, newsletter, queryForm } from "../../lib/messages";
import { leadFormAction } from "./form-action.server";

function posted(fields: Record<string, string>) {
  return new Request("http://shop.test/", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

function services(answer: Awaited<ReturnType<LeadForms["contact"]>> = { stored: true }) {
  const store = vi.fn(async () => answer);
  return { store, context: { leadForms: { contact: store, query: store, newsletter: store } } };
}

/** The data and status a route action answered with (`data()` or a plain object). */
function answered(result: unknown) {
  const wrapped = result as { type?: string; data?: unknown; init?: { status?: number } };
  return wrapped.type === "DataWithResponseInit"
    ? { data: wrapped.data, status: wrapped.init?.status ?? 200 }
    : { data: result, status: 200 };
}

describe("a lead form posted to its page's action", () => {
  it("stores the fields it knows through the server's service and answers with the spec's success message", async () => {
    const { store, context } = services();
    const result = await leadFormAction(
      {
        request: posted({ intent: "query", website: "ada.example", email: "ada@example.com", extra: "x" }),
        context,
      },
      ["query", "newsletter"],
    );
    expect(store).toHaveBeenCalledWith({ website: "ada.example", email: "ada@example.com" });
    expect(answered(result)).toEqual({
      data: { form: "query", sent: true, message: queryForm.success },
      status: 200,
    });
  });

  it.each([
    ["contact", { name: "Ada", message: "Hi" }, contact.emailMissing],
    ["contact", {}, contact.allMissing],
    ["query", { website: "ada.example", email: "  " }, queryForm.emailMissing],
    ["newsletter", { email: "" }, newsletter.emailMissing],
  ] as const)(
    "shows the %s form's broken rule, keeps what was typed, and stores nothing",
    async (form, fields, message) => {
      const { store, context } = services();
      const result = await leadFormAction({ request: posted({ intent: form, ...fields }), context }, [
        "contact",
        "query",
        "newsletter",
      ]);
      expect(store).not.toHaveBeenCalled();
      const { data, status } = answered(result);
      expect(status).toBe(400);
      expect(data).toMatchObject({ form, sent: false, message });
      expect((data as { values: Record<string, string> }).values).toMatchObject(fields);
    },
  );

  it("passes on the server's refusal with its status, keeping what was typed", async () => {
    const { context } = services({ stored: false, status: 429, message: "Too many requests." });
    const result = await leadFormAction(
      { request: posted({ intent: "newsletter", email: "ada@example.com" }), context },
      ["newsletter"],
    );
    expect(answered(result)).toEqual({
      data: {
        form: "newsletter",
        sent: false,
        message: "Too many requests.",
        values: { email: "ada@example.com" },
      },
      status: 429,
    });
  });

  it("refuses a form the page does not show", async () => {
    const { store, context } = services();
    await expect(
      leadFormAction({ request: posted({ intent: "query", website: "a", email: "b" }), context }, [
        "contact",
      ]),
    ).rejects.toMatchObject({ init: { status: 400 } });
    expect(store).not.toHaveBeenCalled();
  });
});
