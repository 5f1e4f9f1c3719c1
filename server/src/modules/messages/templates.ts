import {
  fillTemplate,
  formatOrderNumber,
  isId,
  orderStateLabels,
  type ReplyTemplate,
  type ReplyTemplateBody,
  templateMessages,
} from "@agency/contract";
import { desc, eq } from "drizzle-orm";
import { findVisibleOrder, sightOf } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { companies, replyTemplates, user } from "../../db/schema.js";
import { AppError } from "../../errors.js";

// The team's reply templates (docs/features.md): saved with their variables checked (the contract
// refuses an unknown one), filled in for an order its member may see.

const notFound = () => new AppError("not_found", templateMessages.notFound);

function listed(db: Database) {
  return db
    .select({ template: replyTemplates, createdByName: user.name })
    .from(replyTemplates)
    .leftJoin(user, eq(user.id, replyTemplates.createdBy));
}

const present = ({
  template,
  createdByName,
}: {
  template: typeof replyTemplates.$inferSelect;
  createdByName: string | null;
}): ReplyTemplate => ({
  _id: template.id,
  name: template.name,
  body: template.body,
  createdByName,
  updatedAt: template.updatedAt.toISOString(),
});

/** Every template, by name. */
export async function listTemplates(db: Database): Promise<ReplyTemplate[]> {
  const rows = await listed(db).orderBy(replyTemplates.name, desc(replyTemplates.createdAt)).limit(500);
  return rows.map(present);
}

export async function createTemplate(
  db: Database,
  caller: SessionUser,
  body: ReplyTemplateBody,
): Promise<ReplyTemplate[]> {
  await db.insert(replyTemplates).values({ ...body, createdBy: caller.apiKey ? null : caller.id });
  return listTemplates(db);
}

export async function updateTemplate(
  db: Database,
  id: string,
  body: ReplyTemplateBody,
): Promise<ReplyTemplate[]> {
  if (!isId(id)) throw notFound();
  const [changed] = await db
    .update(replyTemplates)
    .set(body)
    .where(eq(replyTemplates.id, id))
    .returning({ id: replyTemplates.id });
  if (!changed) throw notFound();
  return listTemplates(db);
}

export async function deleteTemplate(db: Database, id: string): Promise<ReplyTemplate[]> {
  if (!isId(id)) throw notFound();
  const [gone] = await db
    .delete(replyTemplates)
    .where(eq(replyTemplates.id, id))
    .returning({ id: replyTemplates.id });
  if (!gone) throw notFound();
  return listTemplates(db);
}

/**
 * The template filled in for an order the caller may see. The customer's e-mail is filled only for
 * a role that sees customers' contacts (the one visibility rule); the due day in UTC.
 */
export async function fillForOrder(
  db: Database,
  caller: SessionUser,
  orderId: string,
  templateId: string,
): Promise<{ text: string }> {
  const [row] = isId(templateId) ? await listed(db).where(eq(replyTemplates.id, templateId)) : [];
  if (!row) throw notFound();
  return { text: await fillTextFor(db, caller, orderId, row.template.body) };
}

/** A text with template variables filled in for an order the caller may see. */
export async function fillTextFor(
  db: Database,
  caller: SessionUser,
  orderId: string,
  body: string,
): Promise<string> {
  const order = await findVisibleOrder(db, caller, orderId);
  const [company] = order.companyId
    ? await db.select({ name: companies.name }).from(companies).where(eq(companies.id, order.companyId))
    : [];
  const due = order.dueAt
    ? new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(order.dueAt)
    : "";
  return fillTemplate(body, {
    "customer.name": order.name,
    "customer.email": sightOf(caller, order).contact ? order.email : "",
    "company.name": company?.name ?? order.name,
    "order.number": formatOrderNumber(order.number),
    "order.service": order.service,
    "order.due": due,
    "order.state": order.state ? orderStateLabels[order.state] : "",
    "member.name": caller.name,
  });
}
