import {
  type ClientRole,
  clientRoles,
  type RuleAction,
  RuleBody,
  type RuleTrigger,
  ruleTriggerLabels,
  ruleTriggers,
} from "@agency/contract";
import { type FormEvent, useId, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { MoneyInput, moneyOrUndefined, useMoneyInput } from "../../../components/money-input";
import { errorMessage } from "../../../lib/api";
import { clientRoleLabels } from "../../../lib/messages/companies";
import { rulesPage as t } from "../../../lib/messages/workday";
import { notifyError, notifySuccess } from "../../../lib/toast";
import { useRuleActions, useRuleChoices } from "../api/automations";

type Mode = "member" | "round_robin" | "least_loaded";

/**
 * A new rule, in a form: its event (and, for an approval wait, the days), optional conditions
 * (plan, company, least amount) and its actions (assign, set the due date, post a template).
 * The contract checks it as the server will; what is missing is said under the form.
 */
export function RuleForm() {
  const id = useId();
  const choices = useRuleChoices();
  const { create } = useRuleActions();
  const money = useMoneyInput();
  const [name, setName] = useState("");
  const [trigger, setTrigger] = useState<RuleTrigger>("order_paid");
  const [waitDays, setWaitDays] = useState("3");
  const [planId, setPlanId] = useState("");
  const [companyId, setCompanyId] = useState("");
  const [minAmount, setMinAmount] = useState("");
  const [assign, setAssign] = useState(false);
  const [mode, setMode] = useState<Mode>("round_robin");
  const [members, setMembers] = useState<ReadonlySet<string>>(new Set());
  const [setDue, setSetDue] = useState(false);
  const [dueDays, setDueDays] = useState("7");
  const [post, setPost] = useState(false);
  const [templateId, setTemplateId] = useState("");
  const [internal, setInternal] = useState(false);
  const [follow, setFollow] = useState(false);
  const [chat, setChat] = useState(false);
  const [chatText, setChatText] = useState("");
  const [followRole, setFollowRole] = useState<ClientRole>("billing");
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
      await create.mutateAsync(body);
      notifySuccess(t.saved);
      setName("");
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
    <Form onSubmit={submit} noValidate aria-label={t.newHeading}>
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
      <Button type="submit" className="mt-3" disabled={create.isPending}>
        {t.save}
      </Button>
    </Form>
  );
}
