import {
  type ClientRole,
  clientRoles,
  type Rule,
  type RuleAction,
  RuleBody,
  type RuleTrigger,
  ruleTriggerLabels,
  ruleTriggers,
} from "@agency/contract";
import { type FormEvent, useId, useState } from "react";
import { Button, Form } from "react-bootstrap";
import {
  formatMoneyInput,
  MoneyInput,
  moneyOrUndefined,
  useMoneyInput,
} from "../../../components/money-input";
import { errorMessage } from "../../../lib/api";
import { clientRoleLabels } from "../../../lib/messages/companies";
import { rulesPage as t } from "../../../lib/messages/workday";
import { notifyError, notifySuccess } from "../../../lib/toast";
import { useRuleActions, useRuleChoices } from "../api/automations";

type Mode = "member" | "round_robin" | "least_loaded";

/** The first action of a kind in a rule being changed. */
function actionOf<T extends RuleAction["type"]>(rule: Rule | undefined, type: T) {
  return rule?.actions.find((action): action is Extract<RuleAction, { type: T }> => action.type === type);
}

/**
 * A rule in a form, new or (`rule`) being changed: its event (and, for an approval wait, the
 * days), optional conditions (plan, company, least amount) and its actions (assign, set the due
 * date, post a template, tell the chats, add followers). The contract checks it as the server
 * will; what is missing is said under the form. A change is saved over the rule, then `onDone`.
 */
export function RuleForm({ rule, onDone }: { rule?: Rule; onDone?: () => void } = {}) {
  const id = useId();
  const choices = useRuleChoices();
  const { create, update } = useRuleActions();
  const money = useMoneyInput();
  const assigned = actionOf(rule, "assign");
  const due = actionOf(rule, "set_due");
  const posted = actionOf(rule, "post_message");
  const followers = actionOf(rule, "add_follower");
  const notice = actionOf(rule, "chat_notice");
  const [name, setName] = useState(rule?.name ?? "");
  const [trigger, setTrigger] = useState<RuleTrigger>(rule?.trigger ?? "order_paid");
  const [waitDays, setWaitDays] = useState(String(rule?.waitDays ?? 3));
  const [planId, setPlanId] = useState(rule?.planId ?? "");
  const [companyId, setCompanyId] = useState(rule?.companyId ?? "");
  const [minAmount, setMinAmount] = useState(
    rule?.minAmount == null ? "" : formatMoneyInput(rule.minAmount, money),
  );
  const [assign, setAssign] = useState(Boolean(assigned));
  const [mode, setMode] = useState<Mode>(assigned?.mode ?? "round_robin");
  const [members, setMembers] = useState<ReadonlySet<string>>(new Set(assigned?.memberIds));
  const [setDue, setSetDue] = useState(Boolean(due));
  const [dueDays, setDueDays] = useState(String(due?.days ?? 7));
  const [post, setPost] = useState(Boolean(posted));
  const [templateId, setTemplateId] = useState(posted?.templateId ?? "");
  const [internal, setInternal] = useState(posted?.internal ?? false);
  const [follow, setFollow] = useState(Boolean(followers));
  const [chat, setChat] = useState(Boolean(notice));
  const [chatText, setChatText] = useState(notice?.text ?? "");
  const [followRole, setFollowRole] = useState<ClientRole>(followers?.role ?? "billing");
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const actions: RuleAction[] = [];
    if (assign) actions.push({ type: "assign", mode, memberIds: [...members] });
    if (setDue) actions.push({ type: "set_due", days: Number(dueDays) });
    if (post) actions.push({ type: "post_message", templateId, internal });
    if (follow) actions.push({ type: "add_follower", role: followRole });
    if (chat) actions.push({ type: "chat_notice", text: chatText });
    if (actions.length === 0) return setProblem(t.chooseAction);
    if (assign && members.size === 0) return setProblem(t.chooseMember);
    if (post && !templateId) return setProblem(t.chooseTemplate);
    const amount = minAmount.trim() === "" ? null : (moneyOrUndefined(minAmount, money) ?? null);
    const body = {
      name: name.trim(),
      trigger,
      waitDays: trigger === "approval_waiting" ? Number(waitDays) : null,
      planId: planId || null,
      companyId: companyId || null,
      minAmount: amount,
      actions,
    };
    const checked = RuleBody.safeParse(body);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      return setProblem(issue ? `${issue.path.join(" ")} ${issue.message}`.trim() : null);
    }
    setProblem(null);
    try {
      if (rule) {
        await update.mutateAsync({ id: rule._id, body });
        notifySuccess(t.saved);
        onDone?.();
      } else {
        await create.mutateAsync(body);
        notifySuccess(t.saved);
        setName("");
      }
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  const toggleMember = (memberId: string) =>
    setMembers((now) => {
      const next = new Set(now);
      if (!next.delete(memberId)) next.add(memberId);
      return next;
    });

  return (
    <Form onSubmit={submit} noValidate aria-label={rule ? t.editHeading(rule.name) : t.newHeading}>
      <div className="row g-3">
        <Form.Group className="col-12 col-md-6" controlId={`${id}-name`}>
          <Form.Label>{t.name}</Form.Label>
          <Form.Control value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
        </Form.Group>
        <Form.Group className="col-12 col-md-4" controlId={`${id}-when`}>
          <Form.Label>{t.when}</Form.Label>
          <Form.Select value={trigger} onChange={(e) => setTrigger(e.target.value as RuleTrigger)}>
            {ruleTriggers.map((value) => (
              <option key={value} value={value}>
                {ruleTriggerLabels[value]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {trigger === "approval_waiting" ? (
          <Form.Group className="col-6 col-md-2" controlId={`${id}-wait`}>
            <Form.Label>{t.waitDays}</Form.Label>
            <Form.Control
              type="number"
              min={1}
              max={90}
              value={waitDays}
              onChange={(e) => setWaitDays(e.target.value)}
            />
          </Form.Group>
        ) : null}
      </div>
      <fieldset className="mt-3">
        <legend className="h6">{t.conditions}</legend>
        <div className="row g-3">
          <Form.Group className="col-12 col-md-4" controlId={`${id}-plan`}>
            <Form.Label>{t.plan}</Form.Label>
            <Form.Select value={planId} onChange={(e) => setPlanId(e.target.value)}>
              <option value="">{t.any}</option>
              {(choices.plans.data ?? []).map((plan) => (
                <option key={plan._id} value={plan._id}>
                  {`${plan.service} (${plan.duration})`}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          {choices.companies.data ? (
            <Form.Group className="col-12 col-md-4" controlId={`${id}-company`}>
              <Form.Label>{t.company}</Form.Label>
              <Form.Select value={companyId} onChange={(e) => setCompanyId(e.target.value)}>
                <option value="">{t.any}</option>
                {choices.companies.data.companies.map((company) => (
                  <option key={company.id} value={company.id}>
                    {company.name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          ) : null}
          <MoneyInput
            id={`${id}-amount`}
            className="col-12 col-md-4"
            label={t.minAmount}
            value={minAmount}
            onChange={setMinAmount}
          />
        </div>
      </fieldset>
      <fieldset className="mt-3">
        <legend className="h6">{t.actions}</legend>
        <Form.Check
          id={`${id}-assign`}
          label={t.assign}
          checked={assign}
          onChange={(e) => setAssign(e.target.checked)}
        />
        {assign ? (
          <div className="ms-4 mb-2">
            <Form.Group controlId={`${id}-mode`} className="mb-2" style={{ maxWidth: 320 }}>
              <Form.Label>{t.assignMode}</Form.Label>
              <Form.Select value={mode} onChange={(e) => setMode(e.target.value as Mode)}>
                {(Object.keys(t.modes) as Mode[]).map((value) => (
                  <option key={value} value={value}>
                    {t.modes[value]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <fieldset>
              <legend className="small mb-1">{t.members}</legend>
              <div className="d-flex flex-wrap gap-3">
                {(choices.members.data ?? []).map((member) => (
                  <Form.Check
                    key={member.id}
                    id={`${id}-member-${member.id}`}
                    label={member.name}
                    checked={members.has(member.id)}
                    onChange={() => toggleMember(member.id)}
                  />
                ))}
              </div>
            </fieldset>
          </div>
        ) : null}
        <Form.Check
          id={`${id}-due`}
          label={t.setDue}
          checked={setDue}
          onChange={(e) => setSetDue(e.target.checked)}
        />
        {setDue ? (
          <Form.Group controlId={`${id}-due-days`} className="ms-4 mb-2" style={{ maxWidth: 200 }}>
            <Form.Label>{t.dueDays}</Form.Label>
            <Form.Control
              type="number"
              min={1}
              max={365}
              value={dueDays}
              onChange={(e) => setDueDays(e.target.value)}
            />
          </Form.Group>
        ) : null}
        <Form.Check
          id={`${id}-post`}
          label={t.post}
          checked={post}
          onChange={(e) => setPost(e.target.checked)}
        />
        {post ? (
          <div className="ms-4 mb-2 d-flex flex-wrap gap-3 align-items-end">
            <Form.Group controlId={`${id}-template`} style={{ minWidth: 240 }}>
              <Form.Label>{t.template}</Form.Label>
              <Form.Select value={templateId} onChange={(e) => setTemplateId(e.target.value)}>
                <option value="">{t.template}…</option>
                {(choices.templates.data ?? []).map((template) => (
                  <option key={template._id} value={template._id}>
                    {template.name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Check
              id={`${id}-internal`}
              label={t.internal}
              checked={internal}
              onChange={(e) => setInternal(e.target.checked)}
            />
          </div>
        ) : null}
        <Form.Check
          id={`${id}-chat`}
          label={t.chat}
          checked={chat}
          onChange={(e) => setChat(e.target.checked)}
        />
        {chat ? (
          <Form.Group controlId={`${id}-chat-text`} className="ms-4 mb-2">
            <Form.Label>{t.chatText}</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              maxLength={1000}
              value={chatText}
              onChange={(e) => setChatText(e.target.value)}
            />
          </Form.Group>
        ) : null}
        <Form.Check
          id={`${id}-follow`}
          label={t.follow}
          checked={follow}
          onChange={(e) => setFollow(e.target.checked)}
        />
        {follow ? (
          <Form.Group controlId={`${id}-follow-role`} className="ms-4 mb-2" style={{ maxWidth: 240 }}>
            <Form.Label>{t.followRole}</Form.Label>
            <Form.Select value={followRole} onChange={(e) => setFollowRole(e.target.value as ClientRole)}>
              {clientRoles.map((role) => (
                <option key={role} value={role}>
                  {clientRoleLabels[role].name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        ) : null}
      </fieldset>
      {problem ? (
        <p className="text-danger small mt-2 mb-0" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="d-flex gap-2 mt-3">
        <Button type="submit" disabled={create.isPending || update.isPending}>
          {t.save}
        </Button>
        {onDone ? (
          <Button variant="outline-secondary" onClick={onDone}>
            {t.cancel}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
