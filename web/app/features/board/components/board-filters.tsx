import type { BoardMember } from "@agency/contract";
import { useId } from "react";
import { Form } from "react-bootstrap";
import { boardPage as t } from "../../../lib/messages";
import type { BoardFilter } from "../api/board";

type Props = {
  filter: BoardFilter;
  onChange: (next: BoardFilter) => void;
  members: BoardMember[];
  /** The plans to narrow to, as the filter names them. */
  plans: { id: string; label: string }[];
  /** The caller sees only the orders assigned to them: there is no one else to choose. */
  onlyAssigned: boolean;
};

/** The board narrowed to an assignee (a member, me, nobody) and to a plan. */
export function BoardFilters({ filter, onChange, members, plans, onlyAssigned }: Props) {
  const id = useId();
  return (
    <fieldset className="d-flex flex-wrap align-items-end gap-3 mb-3">
      <legend className="visually-hidden">{t.filters}</legend>
      {onlyAssigned ? (
        <p className="text-body-secondary mb-0 align-self-center">{t.onlyAssigned}</p>
      ) : (
        <div>
          <Form.Label htmlFor={`${id}-assignee`} className="small mb-1">
            {t.assignee}
          </Form.Label>
          <Form.Select
            id={`${id}-assignee`}
            size="sm"
            value={filter.assignee ?? ""}
            onChange={(event) => onChange({ ...filter, assignee: event.target.value || undefined })}
          >
            <option value="">{t.everyone}</option>
            <option value="me">{t.me}</option>
            <option value="none">{t.unassigned}</option>
            {members.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </Form.Select>
        </div>
      )}
      <div>
        <Form.Label htmlFor={`${id}-plan`} className="small mb-1">
          {t.plan}
        </Form.Label>
        <Form.Select
          id={`${id}-plan`}
          size="sm"
          value={filter.plan ?? ""}
          onChange={(event) => onChange({ ...filter, plan: event.target.value || undefined })}
        >
          <option value="">{t.allPlans}</option>
          {plans.map((plan) => (
            <option key={plan.id} value={plan.id}>
              {plan.label}
            </option>
          ))}
        </Form.Select>
      </div>
    </fieldset>
  );
}
