import type { ClientRole, Order, WebhookCompany, WebhookCompanyPerson, WebhookOrder } from "@agency/contract";
import type { Database } from "../../db/client.js";
import { companiesOfOrders, companiesWithIds, personWithPlace } from "./queries.js";

/** Orders as webhooks send them: each with the client company it belongs to (one query for all). */
export async function withCompaniesOfOrders(db: Database, shown: readonly Order[]): Promise<WebhookOrder[]> {
  const found = await companiesOfOrders(
    db,
    shown.map((order) => order._id),
  );
  const byOrder = new Map(found.map(({ orderId, id, name }) => [orderId, { id, name }]));
  return shown.map((order) => ({ ...order, company: byOrder.get(order._id) ?? null }));
}

/** The company as `company.created` sends it (none when it is gone). */
export async function companyView(db: Database, id: string): Promise<WebhookCompany[]> {
  const [company] = await companiesWithIds(db, [id]);
  return company ? [{ ...company, createdAt: company.createdAt.toISOString() }] : [];
}

/** A person who joined the company, with the client role their row holds now. */
export async function joinedPersonView(
  db: Database,
  companyId: string,
  personId: string,
): Promise<WebhookCompanyPerson[]> {
  const [[company], person] = await Promise.all([
    companiesWithIds(db, [companyId]),
    personWithPlace(db, personId),
  ]);
  if (!company || !person?.companyRole || person.companyId !== companyId) return [];
  return [
    {
      company: { id: company.id, name: company.name },
      person: { id: person.id, name: person.name, email: person.email, role: person.companyRole },
    },
  ];
}

/** A person removed from the company, as they were in it. */
export async function removedPersonView(
  db: Database,
  companyId: string,
  person: { id: string; name: string; email: string; role: ClientRole },
): Promise<WebhookCompanyPerson[]> {
  const [company] = await companiesWithIds(db, [companyId]);
  return company ? [{ company: { id: company.id, name: company.name }, person }] : [];
}
