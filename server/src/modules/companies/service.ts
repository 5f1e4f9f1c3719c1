import { type ClientRole, companyMessages } from "@agency/contract";
import { setCompanyOf } from "../../auth/account-access.js";
import type { Database } from "../../db/client.js";
import { AppError, notFound } from "../../errors.js";
import { emitDomainEvent } from "../../events.js";
import { insertCompanyOfOne, personForCompany } from "./queries.js";

/**
 * The client company a customer's new order belongs to: theirs, or a company of one made now,
 * named after them, with them as its Admin (`made`). Null for a member of the team, whose own
 * orders stay theirs alone. In the order's transaction `tx`.
 */
export async function companyForOrder(
  tx: Database,
  userId: string,
): Promise<{ id: string; made: boolean } | null> {
  const person = await personForCompany(tx, userId);
  if (!person || person.role) return null;
  if (person.companyId) return { id: person.companyId, made: false };
  const id = await insertCompanyOfOne(tx, person);
  await setCompanyOf(tx, person.id, { companyId: id, companyRole: "admin" });
  await emitDomainEvent(tx, "company.created", { company: { id } });
  return { id, made: true };
}

/**
 * Puts a customer into a company with a client role (an accepted invitation, or the agency adding a
 * contact). A person belongs to one company: what their former one holds stays with it. A member
 * of the team is never a client. In `tx`; the caller empties the session cache after it commits.
 */
export async function addPersonToCompany(
  tx: Database,
  place: { companyId: string; userId: string; companyRole: ClientRole },
): Promise<void> {
  const person = await personForCompany(tx, place.userId);
  if (!person) throw notFound("The person");
  if (person.role) throw new AppError("conflict", companyMessages.teamMemberIsNoClient);
  await setCompanyOf(tx, person.id, { companyId: place.companyId, companyRole: place.companyRole });
  if (person.companyId !== place.companyId) {
    await emitDomainEvent(tx, "company.person_added", {
      company: { id: place.companyId },
      person: { id: person.id },
    });
  }
}
