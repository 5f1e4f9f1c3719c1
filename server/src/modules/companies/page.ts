import { type Company, type CompanyDetailsBody, clientMay, companyMessages } from "@agency/contract";
import { isClient } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { AppError } from "../../errors.js";
import { auditActorOf, recordAudit } from "../audit/index.js";
import { companyById, peopleOfCompany, placeOfPerson, updateCompanyDetails } from "./queries.js";

/**
 * The caller's company with its people, as their row says now (their first order may have made it
 * a moment ago); 404 to someone in none, and to a member of the team.
 */
export async function companyOfCaller(db: Database, caller: SessionUser): Promise<Company> {
  const place = isClient(caller) ? await placeOfPerson(db, caller.id) : undefined;
  const id = place && !place.role ? place.companyId : null;
  const [company, people] = id ? await Promise.all([companyById(db, id), peopleOfCompany(db, id)]) : [];
  if (!company || !people || !place?.companyRole) throw new AppError("not_found", companyMessages.noCompany);
  return {
    id: company.id,
    name: company.name,
    address: company.address,
    vatId: company.vatId,
    billingEmail: company.billingEmail,
    detailsGiven: company.detailsGivenAt !== null,
    people: people.flatMap((person) => (person.role ? [{ ...person, role: person.role }] : [])),
    yourRole: place.companyRole,
  };
}

/** The company's Admin gives its details (name, address, VAT ID, billing e-mail); audited. */
export async function saveCompanyDetails(
  db: Database,
  caller: SessionUser,
  body: CompanyDetailsBody,
): Promise<Company> {
  const before = await companyOfCaller(db, caller);
  if (!clientMay(before.yourRole, "people"))
    throw new AppError("forbidden", companyMessages.roleMayNot("people"));
  const details = { ...body, vatId: body.vatId ? body.vatId : null };
  await db.transaction(async (tx) => {
    await updateCompanyDetails(tx, before.id, details);
    await recordAudit(tx, {
      actor: auditActorOf(caller),
      action: "company.details_changed",
      subject: { type: "company", id: before.id, label: details.name },
      before: {
        name: before.name,
        address: before.address,
        vatId: before.vatId,
        billingEmail: before.billingEmail,
      },
      after: details,
    });
  });
  return companyOfCaller(db, caller);
}
