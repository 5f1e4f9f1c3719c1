import {
  type CreatedWebhookEndpoint,
  type CreateWebhookEndpointBody,
  isId,
  type UpdateWebhookEndpointBody,
  type WebhookEndpoint,
  webhookMessages,
} from "@agency/contract";
import { seesAllCustomerRecords } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { AppError, notFound } from "../../errors.js";
import { auditActorOf, changedFields, recordAudit } from "../audit/index.js";
import { type AddressRules, refusalOf } from "./addresses.js";
import {
  deleteEndpointRow,
  type EndpointRow,
  endpointById,
  endpointsOldestFirst,
  insertEndpoint,
  updateEndpointRow,
} from "./queries/endpoints.js";
import { newSigningSecret } from "./signing.js";

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    _id: row.id,
    kind: row.kind,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEndpoint["events"],
    enabled: row.enabled,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an endpoint: never its secret. */
const audited = (row: EndpointRow) => ({
  kind: row.kind,
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
});
const subject = (row: EndpointRow) => ({ type: "webhook" as const, id: row.id, label: row.url });

async function checkUrl(url: string, rules: AddressRules): Promise<void> {
  const refusal = await refusalOf(url, rules);
  if (refusal) throw new AppError("bad_request", refusal, { url: refusal });
}

/**
 * Nobody sends out what they may not see: an endpoint receives every customer's orders, payments
 * and contact details (a chat every owner notice), so adding one, pointing it elsewhere, changing its
 * events or turning it on takes a member who sees all of them (see `seesAllCustomerRecords`); turning
 * one off or renaming it does not.
 */
function checkSeesWhatIsSent(caller: SessionUser): void {
  if (!seesAllCustomerRecords(caller)) throw new AppError("forbidden", webhookMessages.seesTooLittle);
}

function checkEvents(kind: EndpointRow["kind"], events: string[]): void {
  if (kind === "webhook" && events.length === 0) {
    throw new AppError("bad_request", webhookMessages.eventsRequired, {
      events: webhookMessages.eventsRequired,
    });
  }
}

export async function listEndpoints(db: Database): Promise<WebhookEndpoint[]> {
  return (await endpointsOldestFirst(db)).map(toEndpoint);
}

export async function findEndpoint(db: Database, id: string): Promise<EndpointRow> {
  if (!isId(id)) throw notFound("The endpoint");
  const row = await endpointById(db, id);
  if (!row) throw notFound("The endpoint");
  return row;
}

/**
 * A new endpoint. A webhook gets its signing secret, answered this once; a chat gets every owner
 * notice. In production its address must be public (see addresses.ts).
 */
export async function createEndpoint(
  db: Database,
  rules: AddressRules,
  caller: SessionUser,
  body: CreateWebhookEndpointBody,
): Promise<CreatedWebhookEndpoint> {
  checkSeesWhatIsSent(caller);
  const kind = body.kind ?? "webhook";
  const events = kind === "chat" ? [] : [...new Set(body.events ?? [])];
  checkEvents(kind, events);
  await checkUrl(body.url, rules);
  const secret = kind === "webhook" ? newSigningSecret() : null;
  const row = await db.transaction(async (tx) => {
    const inserted = await insertEndpoint(tx, {
      kind,
      url: body.url,
      description: body.description ?? "",
      events,
      secret,
    });
    if (!inserted) throw new Error("The endpoint was not saved.");
    await recordAudit(tx, {
      actor: auditActorOf(caller),
      action: "webhook.created",
      subject: subject(inserted),
      after: audited(inserted),
    });
    return inserted;
  });
  return { ...toEndpoint(row), secret };
}

/** Changes an endpoint; turning it on again forgets its failures. */
export async function updateEndpoint(
  db: Database,
  rules: AddressRules,
  caller: SessionUser,
  id: string,
  body: UpdateWebhookEndpointBody,
): Promise<WebhookEndpoint> {
  if (body.url !== undefined || body.events !== undefined || body.enabled === true) {
    checkSeesWhatIsSent(caller);
  }
  const current = await findEndpoint(db, id);
  const events = body.events && current.kind === "webhook" ? [...new Set(body.events)] : current.events;
  checkEvents(current.kind, events);
  if (body.url !== undefined && body.url !== current.url) await checkUrl(body.url, rules);
  const enabling = body.enabled === true && !current.enabled;
  const row = await db.transaction(async (tx) => {
    const updated = await updateEndpointRow(tx, current.id, {
      url: body.url ?? current.url,
      description: body.description ?? current.description,
      events,
      enabled: body.enabled ?? current.enabled,
      ...(enabling ? { disabledAt: null, disabledReason: null, failingSince: null } : {}),
    });
    if (!updated) throw notFound("The endpoint");
    const change = changedFields(audited(current), audited(updated));
    if (change) {
      await recordAudit(tx, {
        actor: auditActorOf(caller),
        action: "webhook.updated",
        subject: subject(updated),
        ...change,
      });
    }
    return updated;
  });
  return toEndpoint(row);
}

/** Removes an endpoint with its deliveries (their jobs then find nothing to do). */
export async function deleteEndpoint(db: Database, caller: SessionUser, id: string): Promise<void> {
  const current = await findEndpoint(db, id);
  await db.transaction(async (tx) => {
    await deleteEndpointRow(tx, current.id);
    await recordAudit(tx, {
      actor: auditActorOf(caller),
      action: "webhook.deleted",
      subject: subject(current),
      before: audited(current),
    });
  });
}
