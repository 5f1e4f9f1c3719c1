import { strFromU8, unzipSync } from "fflate";
import { readPdf } from "./pdf-text.js";
import type { Caller, OrderTrail, VisibilityWorld } from "./visibility-world.js";

/**
 * What an answer must not hold for a caller, and how to find it in the answer's text. Three kinds,
 * each with its own rule (see `mayRead`): the order's own records (ids, thread, files, refund), the
 * customer's contact details, and the order's money.
 */
type NeedleKind = "order" | "contact" | "money";
type Which = "assigned" | "unassigned";

export type Needle = { kind: NeedleKind; which: Which; label: string; found(text: string): boolean };

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A value standing on its own: not the middle of a longer number or id. */
function standalone(value: string, after = "0-9A-Za-z"): RegExp {
  return new RegExp(`(?<![0-9A-Za-z])${escapeRegExp(value)}(?![${after}])`, "i");
}

/** Every way an amount plausibly shows: cents, a JSON number, two decimals, grouped, European. */
function amountRenderings(dollars: number): string[] {
  const cents = Math.round(dollars * 100);
  const fixed = (cents / 100).toFixed(2);
  const [whole = "", fraction = ""] = fixed.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const renderings = [
    String(cents),
    String(cents / 100),
    fixed,
    `${grouped}.${fraction}`,
    `${whole},${fraction}`,
    `${grouped.replaceAll(",", ".")},${fraction}`,
    `${grouped.replaceAll(",", "\u00a0")},${fraction}`,
    `${grouped.replaceAll(",", "\u202f")},${fraction}`,
    `${grouped.replaceAll(",", " ")},${fraction}`,
  ];
  return [...new Set(renderings)];
}

function amountNeedle(which: Which, label: string, dollars: number): Needle {
  const patterns = amountRenderings(dollars).map((text) =>
    // A whole number of cents must not be part of a longer token; a decimal may be followed by a
    // currency code or a letter, but not by another digit.
    text.includes(".") || text.includes(",") ? standalone(text, "0-9") : standalone(text),
  );
  return {
    kind: "money",
    which,
    label: `${label} (${dollars})`,
    found: (text) => patterns.some((pattern) => pattern.test(text)),
  };
}

function textNeedle(kind: NeedleKind, which: Which, label: string, value: string): Needle {
  const forms = [...new Set([value.toLowerCase(), encodeURIComponent(value).toLowerCase()])];
  return { kind, which, label, found: (text) => forms.some((form) => text.toLowerCase().includes(form)) };
}

/** A phone number's digits, also where the answer writes them with spaces, dashes or brackets. */
function phoneNeedle(which: Which, phone: string): Needle {
  const pattern = standalone(phone);
  return {
    kind: "contact",
    which,
    label: "customer's phone",
    found: (text) => pattern.test(text) || pattern.test(text.replace(/(?<=\d)[\s().-]+(?=\d)/g, "")),
  };
}

function trailNeedles(which: Which, trail: OrderTrail): Needle[] {
  const record = (label: string, value: string) => textNeedle("order", which, label, value);
  return [
    record("order id", trail.orderId),
    record("payment id", trail.paymentId),
    record("payment's transaction id", trail.transactionId),
    record("receipt id", trail.receiptId),
    record("refund's payment id", trail.refundPaymentId),
    record("credit note id", trail.creditNoteId),
    record("refund reason", trail.refundReason),
    record("message id", trail.messageId),
    record("message text", trail.messageBody),
    record("file id", trail.fileId),
    record("file name", trail.fileName),
    record("subscription id", trail.subscriptionId),
    textNeedle("contact", which, "customer's e-mail", trail.customer.email),
    phoneNeedle(which, trail.phone),
    amountNeedle(which, "price paid", trail.amounts.price),
    amountNeedle(which, "amount refunded", trail.amounts.refunded),
    amountNeedle(which, "amount kept after the refund", trail.amounts.net),
  ];
}

export function needlesOf(world: VisibilityWorld): Needle[] {
  return [...trailNeedles("assigned", world.assigned), ...trailNeedles("unassigned", world.unassigned)];
}

/**
 * The team's rule of who sees what (server/src/auth/order-access.ts and docs/decisions/023):
 * - an order's records: its customer, Admin and Owner, a member with `orders.all`, its assignee;
 * - a customer's e-mail and phone: that customer, Admin and Owner, a member with `customers.view`;
 * - an order's amounts: its customer, Admin and Owner, a member with `money.view` (the order's
 *   own records in the same answer still follow the first rule);
 * - a person of the order's client company sees its records and contacts, and its amounts with a
 *   client role that pays (Billing, Admin);
 * - a customer sees nothing of another customer's order.
 */
export function mayRead(caller: Caller, needle: Needle, world: VisibilityWorld): boolean {
  const trail = world[needle.which];
  if (caller.isAdmin || caller.account.id === trail.customer.id) return true;
  // A person of the order's client company: its records and contacts; its money when their role pays.
  if (caller.client?.of === needle.which) {
    return needle.kind !== "money" || caller.client.role === "admin" || caller.client.role === "billing";
  }
  const has = (permission: string) => caller.permissions.some((held) => held === permission);
  switch (needle.kind) {
    case "order":
      return has("orders.all") || (needle.which === "assigned" && caller.account.id === world.staff.id);
    case "contact":
      return has("customers.view");
    case "money":
      return has("money.view");
  }
}

/** An answer as a reader gets it: the headers that name things, and the body's text. */
export function answerText(response: {
  headers: Record<string, unknown>;
  rawPayload: Buffer;
  body: string;
}): string {
  const header = (name: string) => String(response.headers[name] ?? "");
  const named = [header("content-disposition"), header("location")].join("\n");
  const type = header("content-type");
  return `${named}\n${bodyText(type, response.rawPayload, response.body)}`;
}

function bodyText(type: string, raw: Buffer, body: string): string {
  if (type.includes("application/pdf")) return readPdf(raw).lines.join("\n");
  if (type.includes("zip")) {
    const entries = unzipSync(new Uint8Array(raw));
    return Object.entries(entries)
      .map(([name, content]) =>
        name.endsWith(".pdf")
          ? `${name}\n${readPdf(content).lines.join("\n")}`
          : `${name}\n${strFromU8(content)}`,
      )
      .join("\n");
  }
  return body;
}
