import { formatOrderNumber, type Rule, type RuleAction, ruleTriggerLabels } from "@agency/contract";
import { useState } from "react";
import { Badge, Button } from "react-bootstrap";
import { Link } from "react-router";
import { QueryView } from "../../../components/query-view";
import { confirmAction } from "../../../lib/alerts";
import { errorMessage } from "../../../lib/api";
import { formatDateTime } from "../../../lib/dates";
import { clientRoleLabels } from "../../../lib/messages/companies";
import { rulesPage as t } from "../../../lib/messages/workday";
import { notifyError, notifySuccess } from "../../../lib/toast";
import { useRuleActions, useRules } from "../api/automations";
import { RuleForm } from "./rule-form";

function describe(action: RuleAction): string {
  if (action.type === "assign") return `${t.assign}: ${t.modes[action.mode].toLowerCase()}`;
  if (action.type === "set_due") return `${t.setDue}: ${action.days} d`;
  if (action.type === "add_follower") return `${t.follow}: ${clientRoleLabels[action.role].name}`;
  if (action.type === "chat_notice") return t.chat;
  return action.internal ? `${t.post} (${t.internal.toLowerCase()})` : t.post;
}

function RuleItem({ rule }: { rule: Rule }) {
  const actions = useRuleActions();
  const [editing, setEditing] = useState(false);
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notifySuccess(done);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };
  const remove = async () => {
    if (
      await confirmAction({
        title: rule.name,
        text: t.deleteConfirm(rule.name),
        confirmText: t.delete,
        destructive: true,
      })
    ) {
      await run(() => actions.remove.mutateAsync(rule._id), t.deleted);
    }
  };
  return (
    <li className="border-top py-3">
      <div className="d-flex flex-wrap gap-2 align-items-baseline justify-content-between">
        <h3 className="h6 mb-1">
          {rule.name} {rule.paused ? <Badge bg="secondary">{t.paused}</Badge> : null}
        </h3>
        <div className="d-flex gap-1">
          <Button
            size="sm"
            variant="outline-secondary"
            aria-expanded={editing}
            onClick={() => setEditing(!editing)}
          >
            {t.edit}
          </Button>
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() =>
              void run(() => actions.pause.mutateAsync({ id: rule._id, paused: !rule.paused }), t.saved)
            }
          >
            {rule.paused ? t.resume : t.pause}
          </Button>
          <Button size="sm" variant="outline-danger" onClick={() => void remove()}>
            {t.delete}
          </Button>
        </div>
      </div>
      {editing ? (
        <div className="mb-3">
          <RuleForm rule={rule} onDone={() => setEditing(false)} />
        </div>
      ) : null}
      <p className="small mb-1">
        {t.when}: {ruleTriggerLabels[rule.trigger]}
        {rule.waitDays ? ` (${rule.waitDays} d)` : ""} · {t.actions}: {rule.actions.map(describe).join(", ")}
      </p>
      <details>
        <summary className="small">{t.runs}</summary>
        {rule.runs.length === 0 ? (
          <p className="small text-body-secondary mb-0">{t.noRuns}</p>
        ) : (
          <ul className="small mb-0">
            {rule.runs.map((item) => (
              <li key={item._id}>
                {formatDateTime(item.at)} ·{" "}
                {item.orderId && item.orderNumber !== null ? (
                  <Link to={`/dashboard/admin/orders/${item.orderId}`}>
                    {t.order(formatOrderNumber(item.orderNumber))}
                  </Link>
                ) : null}{" "}
                · {item.outcome}
              </li>
            ))}
          </ul>
        )}
      </details>
    </li>
  );
}

/** Every rule: what it hears and does, paused or not, with its latest runs. */
export function RulesList() {
  const rules = useRules();
  return (
    <QueryView query={rules} failed={t.failed}>
      {(list) =>
        list.length === 0 ? (
          <p>{t.none}</p>
        ) : (
          <ul className="list-unstyled mb-0">
            {list.map((rule) => (
              <RuleItem key={rule._id} rule={rule} />
            ))}
          </ul>
        )
      }
    </QueryView>
  );
}
