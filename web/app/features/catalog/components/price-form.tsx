import { type AdminPlan, PlanPriceBody } from "@agency/contract";
import { type FormEvent, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { catalogEditor as t } from "../../../lib/messages";
import { type Problems, problemsOf, serverProblems } from "./form-problems";

const labels: Record<string, string> = { oldPrice: t.oldPrice, newPrice: t.newPrice };
const label = (path: string) => labels[path] ?? path;
const amount = (value: string) => (value.trim() === "" ? undefined : Number(value));

/**
 * A plan's new prices. New orders pay them at once; current subscribers keep renewing at theirs
 * unless the owner ticks the renewal option (then they are mailed a notice).
 */
export function PriceForm({
  plan,
  onSubmit,
  onCancel,
}: {
  plan: AdminPlan;
  onSubmit: (body: PlanPriceBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [oldPrice, setOldPrice] = useState(String(plan.oldPrice));
  const [newPrice, setNewPrice] = useState(String(plan.newPrice));
  const [applyToRenewals, setApplyToRenewals] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const prefix = `price-${plan._id}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = PlanPriceBody.safeParse({
      oldPrice: amount(oldPrice),
      newPrice: amount(newPrice),
      applyToRenewals,
    });
    if (!parsed.success) {
      setProblems(problemsOf(parsed.error, label));
      return;
    }
    setProblems({});
    setBusy(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      setProblems(serverProblems(error, label) ?? {});
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form noValidate onSubmit={submit} aria-label={t.priceHeading(plan.service)}>
      <p className="fw-semibold mb-2">{t.priceHeading(`${plan.service} (${plan.duration})`)}</p>
      <div className="row g-3">
        {(
          [
            ["oldPrice", oldPrice, setOldPrice],
            ["newPrice", newPrice, setNewPrice],
          ] as const
        ).map(([key, value, setValue]) => (
          <Form.Group key={key} className="col-6" controlId={`${prefix}-${key}`}>
            <Form.Label>{labels[key]}</Form.Label>
            <Form.Control
              value={value}
              inputMode="decimal"
              onChange={(event) => setValue(event.target.value)}
              isInvalid={Boolean(problems[key])}
            />
            <Form.Control.Feedback type="invalid">{problems[key]}</Form.Control.Feedback>
          </Form.Group>
        ))}
        <Form.Check
          className="col-12"
          id={`${prefix}-renewals`}
          label={t.applyToRenewals}
          checked={applyToRenewals}
          onChange={(event) => setApplyToRenewals(event.target.checked)}
        />
      </div>
      <div className="d-flex gap-2 mt-3">
        <Button type="submit" disabled={busy}>
          {t.savePrice}
        </Button>
        <Button variant="outline-secondary" onClick={onCancel}>
          {t.cancel}
        </Button>
      </div>
    </Form>
  );
}
