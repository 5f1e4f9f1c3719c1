import { type ClientRole, type Company, type CompanyPerson, clientRoles } from "@agency/contract";
import { Button, Form } from "react-bootstrap";
import { type DataColumn, DataList } from "../../../components/data-list";
import { confirmAction } from "../../../lib/alerts";
import { clientRoleLabels, colleaguesPage as t } from "../../../lib/messages/companies";
import { saveWithToasts } from "../../../lib/toast";
import { useCompanyActions } from "../api/companies";

/**
 * The company's people with their client roles. Its Admins change each one's role from the list
 * and remove people (themselves too) after a confirmation; the server keeps at least one Admin
 * and says why when it refuses. Everyone else reads the list.
 */
export function PeopleList({
  company,
  email,
  labelledBy,
}: {
  company: Company;
  /** The viewer's address: their own row says "(you)". */
  email: string | undefined;
  labelledBy: string;
}) {
  const actions = useCompanyActions();
  const busy = actions.changeRole.isPending || actions.remove.isPending;
  const isAdmin = company.yourRole === "admin";

  function changeRole(person: CompanyPerson, role: ClientRole) {
    void saveWithToasts(
      () => actions.changeRole.mutateAsync({ id: person.id, role }),
      t.roleChanged(person.name, clientRoleLabels[role].name),
    ).catch(() => undefined);
  }

  async function remove(person: CompanyPerson) {
    const self = person.email === email;
    const confirmed = await confirmAction({
      title: self ? t.removeSelfQuestion : t.removeQuestion(person.name),
      text: self ? t.removeSelfText : t.removeText,
      confirmText: t.remove,
      destructive: true,
    });
    if (!confirmed) return;
    await saveWithToasts(
      () => actions.remove.mutateAsync(person.id),
      self ? t.left : t.removed(person.name),
    ).catch(() => undefined);
  }

  const columns: DataColumn<CompanyPerson>[] = [
    {
      header: t.name,
      cell: (person) => (
        <>
          {person.name} {person.email === email ? <span className="text-body-secondary">{t.you}</span> : null}
        </>
      ),
    },
    { header: t.email, cell: (person) => person.email },
    {
      header: t.role,
      cell: (person) =>
        isAdmin ? (
          <Form.Select
            size="sm"
            aria-label={t.roleOf(person.name)}
            value={person.role}
            disabled={busy}
            onChange={(event) => changeRole(person, event.currentTarget.value as ClientRole)}
          >
            {clientRoles.map((role) => (
              <option key={role} value={role}>
                {clientRoleLabels[role].name}
              </option>
            ))}
          </Form.Select>
        ) : (
          clientRoleLabels[person.role].name
        ),
    },
  ];
  if (isAdmin) {
    columns.push({
      header: t.actions,
      cell: (person) => (
        <Button
          size="sm"
          variant="outline-danger"
          disabled={busy}
          aria-label={`${t.remove} ${person.name}`}
          onClick={() => void remove(person)}
        >
          {t.remove}
        </Button>
      ),
    });
  }
  return (
    <DataList
      labelledBy={labelledBy}
      rows={company.people}
      rowKey={(person) => person.id}
      columns={columns}
    />
  );
}
