import { type ClientRole, type Company, clientMay, companyMessages } from "@agency/contract";
import { setCompanyOf } from "../../auth/account-access.js";
import { isClient } from "../../auth/order-access.js";
import type { SessionUser } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { AppError, notFound } from "../../errors.js";
import { emitDomainEvent } from "../../events.js";
import { auditActorOf, recordAudit } from "../audit/index.js";
import { companyOfCaller } from "./page.js";
import { peopleOfCompanyForUpdate, placeOfPerson } from "./queries.js";

type Person = { id: string; name: string; email: string; role: ClientRole };

/**
 * The caller's company and its people, locked for the rest of `tx`, when the caller is one of its
 * Admins (403 otherwise; 404 to someone in none), and the colleague `personId` among them (404
 * for anyone else: another company's person does not exist here).
 */
async function colleagueOfAdmin(
  tx: Database,
  caller: SessionUser,
  personId: string,
): Promise<{ companyId: string; people: Person[]; colleague: Person }> {
  const place = isClient(caller) ? await placeOfPerson(tx, caller.id) : undefined;
  const companyId = place && !place.role ? place.companyId : null;
  if (!companyId) throw new AppError("not_found", companyMessages.noCompany);
  const people = (await peopleOfCompanyForUpdate(tx, companyId)).flatMap((person) =>
    person.role ? [{ ...person, role: person.role }] : [],
  );
  const self = people.find((person) => person.id === caller.id);
  if (!self) throw new AppError("not_found", companyMessages.noCompany);
  if (!clientMay(self.role, "people")) throw new AppError("forbidden", companyMessages.roleMayNot("people"));
  const colleague = people.find((person) => person.id === personId);
  if (!colleague) throw notFound("The colleague");
  return { companyId, people, colleague };
}

/** Refuses to take the company's last Admin away: someone must keep managing its people. */
function keepAnAdmin(people: Person[], leaving: Person): void {
  const admins = people.filter((person) => person.role === "admin");
  if (leaving.role === "admin" && admins.length <= 1)
    throw new AppError("conflict", companyMessages.lastAdmin);
}

/**
 * A company Admin gives a colleague (or themselves, while another Admin remains) another client
 * role; audited. It counts from the next call: the caller's route empties the session cache.
 */
export async function changeColleagueRole(
  db: Database,
  caller: SessionUser,
  personId: string,
  role: ClientRole,
): Promise<Company> {
  await db.transaction(async (tx) => {
    const { companyId, people, colleague } = await colleagueOfAdmin(tx, caller, personId);
    if (colleague.role === role) return;
    if (role !== "admin") keepAnAdmin(people, colleague);
    await setCompanyOf(tx, colleague.id, { companyId, companyRole: role });
    await recordAudit(tx, {
      actor: auditActorOf(caller),
      action: "company.role_changed",
      subject: { type: "company", id: companyId },
      before: { personId: colleague.id, role: colleague.role },
      after: { personId: colleague.id, role },
    });
  });
  return companyOfCaller(db, caller);
}

/**
 * A company Admin removes a colleague (or themselves, while another Admin remains): they are in
 * no company from now on and no longer see its orders, threads, files or receipts, those they
 * placed included, which stay the company's. Audited and announced (`company.person_removed`).
 */
export async function removeColleague(
  db: Database,
  caller: SessionUser,
  personId: string,
): Promise<{ modifiedCount: number }> {
  return db.transaction(async (tx) => {
    const { companyId, people, colleague } = await colleagueOfAdmin(tx, caller, personId);
    keepAnAdmin(people, colleague);
    await setCompanyOf(tx, colleague.id, { companyId: null, companyRole: null });
    await emitDomainEvent(tx, "company.person_removed", { company: { id: companyId }, person: colleague });
    await recordAudit(tx, {
      actor: auditActorOf(caller),
      action: "company.person_removed",
      subject: { type: "company", id: companyId },
      before: { personId: colleague.id, role: colleague.role },
    });
    return { modifiedCount: 1 };
  });
}
