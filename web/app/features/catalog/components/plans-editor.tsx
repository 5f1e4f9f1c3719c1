import type { AdminPlan } from "@agency/contract";
import { useState } from "react";
import { Badge, Button } from "react-bootstrap";
import { LoadError } from "../../../components/load-error";
import { LoadingScreen } from "../../../components/loading-screen";
import { confirmAction } from "../../../lib/alerts";
import { catalogEditor as t } from "../../../lib/messages";
import { useMoney } from "../../../lib/money";
import { saveWithToasts } from "../../../lib/toast";
import { useAllPlans, usePlanEditor } from "../api/editor";
import { AddonsEditor } from "./addons-editor";
import { act, EditorList, MoveButtons, moved } from "./editor-parts";
import { PlanForm } from "./plan-form";
import { PriceForm } from "./price-form";

/** The plans the pricing pages show, in their order: edited, repriced, added, removed and restored. */
export function PlansEditor() {
  const money = useMoney();
  const plans = useAllPlans();
  const editor = usePlanEditor();
  const [editing, setEditing] = useState<{ id: string; part: "details" | "price" } | null>(null);
  const [addonsOf, setAddonsOf] = useState<string | null>(null);

  if (plans.isPending) return <LoadingScreen />;
  if (plans.isError) return <LoadError message={t.plansFailed} query={plans} />;
  const ids = plans.data.map((plan) => plan._id);
  const move = (index: number, direction: -1 | 1) =>
    act(
      () => editor.reorder.mutateAsync(moved(ids, index, direction)),
      () => t.saved,
    );

  async function remove(plan: AdminPlan) {
    const sure = await confirmAction({
      title: t.removeQuestion(`${plan.service} (${plan.duration})`),
      text: t.removeText,
      confirmText: t.remove,
      destructive: true,
    });
    if (!sure) return;
    act(
      () => editor.remove.mutateAsync(plan._id),
      (result) => (result.deleted ? t.deletedDone : t.planArchivedDone),
    );
  }

  const row = (plan: AdminPlan, index: number) => {
    if (editing?.id === plan._id && editing.part === "details") {
      return (
        <PlanForm
          editing={plan}
          onUpdate={async (body) => {
            await saveWithToasts(
              () => editor.update.mutateAsync({ planId: plan._id, body }),
              () => t.saved,
            );
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      );
    }
    if (editing?.id === plan._id && editing.part === "price") {
      return (
        <PriceForm
          plan={plan}
          onSubmit={async (body) => {
            await saveWithToasts(
              () => editor.price.mutateAsync({ planId: plan._id, body }),
              (result) => t.priceChanged(result.noticesQueued),
            );
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      );
    }
    const name = `${plan.service} (${plan.duration})`;
    return (
      <>
        <div className="d-flex flex-wrap gap-3 align-items-center">
          <span
            className="rounded border"
            style={{ width: 24, height: 48, backgroundColor: plan.backgroundColor }}
            aria-hidden="true"
          />
          <div className="flex-grow-1">
            <p className="fw-semibold mb-0">
              {name} {plan.highlighted ? <Badge bg="primary">★</Badge> : null}{" "}
              {plan.archived ? <Badge bg="secondary">{t.archived}</Badge> : null}
            </p>
            <p className="small mb-0">
              <strong>{money(plan.newPrice, plan.currency)}</strong>{" "}
              <del className="text-body-secondary">{money(plan.oldPrice, plan.currency)}</del> / {plan.month}{" "}
              · {t.ordersCount(plan.orders)} · {t.subscribersCount(plan.subscribers)} ·{" "}
              {t.turnaroundDays(plan.turnaroundDays)}
            </p>
            <p className="small text-body-secondary mb-0">
              {plan.serviceName
                .map((feature, at) => `${plan.included[at] ? "✓" : "✗"} ${feature}`)
                .join("  ")}
            </p>
          </div>
          <div className="d-flex flex-wrap gap-2">
            <MoveButtons name={name} index={index} count={ids.length} onMove={(d) => move(index, d)} />
            <Button
              size="sm"
              variant="outline-primary"
              onClick={() => setEditing({ id: plan._id, part: "details" })}
            >
              {t.edit}
            </Button>
            <Button
              size="sm"
              variant="outline-primary"
              onClick={() => setEditing({ id: plan._id, part: "price" })}
            >
              {t.changePrice}
            </Button>
            <Button
              size="sm"
              variant="outline-primary"
              aria-expanded={addonsOf === plan._id}
              onClick={() => setAddonsOf(addonsOf === plan._id ? null : plan._id)}
            >
              {t.addons(plan.addons.length)}
            </Button>
            {plan.archived ? (
              <Button
                size="sm"
                variant="outline-success"
                onClick={() =>
                  act(
                    () => editor.restore.mutateAsync(plan._id),
                    () => t.restoredDone,
                  )
                }
              >
                {t.restore}
              </Button>
            ) : (
              <Button size="sm" variant="outline-danger" onClick={() => void remove(plan)}>
                {t.remove}
              </Button>
            )}
          </div>
        </div>
        {addonsOf === plan._id ? <AddonsEditor plan={plan} onClose={() => setAddonsOf(null)} /> : null}
      </>
    );
  };

  return (
    <EditorList
      items={plans.data}
      row={row}
      addLabel={t.addPlan}
      form={(close) => (
        <PlanForm
          onCreate={async (body) => {
            await saveWithToasts(
              () => editor.create.mutateAsync(body),
              () => t.added,
            );
            close();
          }}
          onCancel={close}
        />
      )}
    />
  );
}
