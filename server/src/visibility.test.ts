import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipartFile } from "../test/files.js";
import { createTestApp, type TestContext } from "../test/helpers.js";
import { type Call, getCalls, type OpenApiDocument, writesOnUnassigned } from "../test/visibility-calls.js";
import { answerText, mayRead, type Needle, needlesOf } from "../test/visibility-needles.js";
import { type Caller, prepareVisibilityWorld, type VisibilityWorld } from "../test/visibility-world.js";

/**
 * Who sees what, walked: every GET route the API documents, called as a member of each single
 * permission, Staff, Admin and three customers, with both orders' real ids, plus the writes on the
 * unassigned order that answer with its data. Each answer (status, naming headers and body, PDFs
 * and zips read as text) is searched for what the caller must not see: another's order records,
 * a customer's e-mail and phone without `customers.view`, amounts without `money.view`.
 */

let ctx: TestContext;
let world: VisibilityWorld;
let needles: Needle[];
let calls: Call[];
let unfilled: string[];

type Answer = { caller: Caller; call: Call; status: number; text: string };
const answers: Answer[] = [];
const writeAnswers: Answer[] = [];

/** A call as failures name it: the world's ids and e-mails in its URL said in words. */
function describeCall(call: Call): string {
  let url = decodeURIComponent(call.url);
  for (const [which, trail] of [
    ["A", world.assigned],
    ["B", world.unassigned],
  ] as const) {
    const names: [string, string][] = [
      [trail.orderId, "order"],
      [trail.receiptId, "receipt"],
      [trail.creditNoteId, "credit note"],
      [trail.fileId, "file"],
      [trail.planId, "plan"],
      [trail.subscriptionId, "subscription"],
      [trail.customer.email, "e-mail"],
      [trail.customer.name, "name"],
    ];
    for (const [value, name] of names) url = url.replaceAll(value, `{${which}'s ${name}}`);
  }
  return `${call.method} ${url.replaceAll(world.staff.id, "{Staff's id}")}`;
}

async function send(caller: Caller, call: Call): Promise<Answer> {
  const response = await ctx.app.inject({
    method: call.method,
    url: call.url,
    payload: call.payload,
    headers: { ...call.headers, cookie: caller.account.cookie },
  });
  return { caller, call, status: response.statusCode, text: answerText(response) };
}

/** Puts back what a write that should have been refused changed, so later callers read the same world. */
async function restore(caller: Caller, call: Call) {
  const order = world.unassigned;
  const admin = world.callers.find((each) => each.isAdmin);
  if (!admin) throw new Error("no admin in the walk");
  if (call.url.endsWith("/assignee")) {
    await send(admin, { method: "PUT", url: call.url, payload: { assigneeId: null } });
  }
  if (call.url.endsWith("/cancel") && caller.account.id !== order.customer.id) {
    const owner = world.callers.find((each) => each.account.id === order.customer.id);
    if (owner) {
      await send(owner, {
        method: "POST",
        url: `/api/subscriptions/${order.subscriptionId}/resume`,
        payload: {},
      });
    }
  }
}

beforeAll(async () => {
  ctx = await createTestApp();
  world = await prepareVisibilityWorld(ctx);
  needles = needlesOf(world);
  const document = (await ctx.app.inject({ method: "GET", url: "/api/docs/json" })).json() as OpenApiDocument;
  ({ calls, unfilled } = getCalls(document, world));
  const upload = multipartFile({ name: "note.txt", contentType: "text/plain", content: "A note." });
  for (const caller of world.callers) {
    for (const call of calls) answers.push(await send(caller, call));
    // The unassigned order's own customer (and their company's people) writing on it is the
    // product, not a leak.
    if (caller.account.id === world.unassigned.customer.id || caller.client?.of === "unassigned") continue;
    for (const call of writesOnUnassigned(world, caller.account.id, upload)) {
      const answer = await send(caller, call);
      writeAnswers.push(answer);
      if (answer.status < 300) await restore(caller, call);
    }
  }
}, 300_000);
afterAll(() => ctx?.close());

/** What each answer holds that its caller must not see: a line per answer, naming what leaked. */
function leaksIn(list: Answer[]): string[] {
  const leaks: string[] = [];
  for (const answer of list) {
    const leaked = needles.filter(
      (needle) => !mayRead(answer.caller, needle, world) && needle.found(answer.text),
    );
    if (leaked.length === 0) continue;
    const what = (["assigned", "unassigned"] as const)
      .map((which) => {
        const labels = leaked.filter((needle) => needle.which === which).map((needle) => needle.label);
        return labels.length > 0 ? `${which === "assigned" ? "A" : "B"}'s ${labels.join(", ")}` : "";
      })
      .filter(Boolean)
      .join("; ");
    leaks.push(`${answer.caller.name} → ${describeCall(answer.call)} (${answer.status}) → ${what}`);
  }
  return leaks;
}

const seesUnassigned = (caller: Caller) =>
  caller.isAdmin ||
  caller.client?.of === "unassigned" ||
  caller.account.id === world.unassigned.customer.id ||
  caller.permissions.some((permission) => permission === "orders.all");

describe("who sees what, route by route", () => {
  it("has ids for every GET route with path parameters", () => {
    expect(unfilled).toEqual([]);
    expect(calls.length).toBeGreaterThan(50);
  });

  it("finds what it looks for: the admin's answers hold every record, contact and amount of both orders", () => {
    const adminText = answers
      .filter((answer) => answer.caller.isAdmin)
      .map((answer) => answer.text)
      .join("\n");
    const missing = needles.filter((needle) => !needle.found(adminText));
    expect(missing.map((needle) => `${needle.which} order's ${needle.label}`)).toEqual([]);
  });

  it("finds what it looks for: each customer's answers hold their own order, Staff's its assigned one", () => {
    const textOf = (id: string) =>
      answers
        .filter((answer) => answer.caller.account.id === id)
        .map((answer) => answer.text)
        .join("\n");
    const ownOrder = (which: "assigned" | "unassigned") =>
      needles.find((needle) => needle.which === which && needle.label === "order id");
    expect(ownOrder("assigned")?.found(textOf(world.assigned.customer.id))).toBe(true);
    expect(ownOrder("unassigned")?.found(textOf(world.unassigned.customer.id))).toBe(true);
    expect(ownOrder("assigned")?.found(textOf(world.staff.id))).toBe(true);
  });

  it("answers no caller with what its role may not see", () => {
    const leaks = leaksIn(answers);
    expect(leaks.length, `${leaks.length} answers leak:\n${leaks.join("\n")}\n`).toBe(0);
  });

  it("lets the admin make the team's writes on the unassigned order, so a refusal below is the rule, not a malformed call", () => {
    const teamWrites = ["/messages", "/files", "/due", "/assignee", "/state", "/refunds"];
    const statuses = writeAnswers
      .filter((answer) => answer.caller.isAdmin && teamWrites.some((end) => answer.call.url.endsWith(end)))
      .map((answer) => [describeCall(answer.call), answer.status]);
    expect(statuses).toHaveLength(teamWrites.length);
    expect(statuses.filter(([, status]) => Number(status) >= 300)).toEqual([]);
  });

  it("refuses writes on the unassigned order to whoever may not see it, and their answers hold none of it", () => {
    const problems = leaksIn(writeAnswers);
    for (const answer of writeAnswers) {
      if (seesUnassigned(answer.caller)) continue;
      if (![401, 403, 404].includes(answer.status)) {
        problems.push(
          `${answer.caller.name} → ${describeCall(answer.call)} → answered ${answer.status} instead of refusing`,
        );
      }
    }
    expect(
      problems.length,
      `${problems.length} writes not refused or leaking:\n${problems.join("\n")}\n`,
    ).toBe(0);
  });
});
