import type { AdminPlan, PlanAddon } from "@agency/contract";
import { useState } from "react";
import { Button } from "react-bootstrap";
import { confirmAction } from "../../../lib/alerts";
import { orderLineTexts, catalogEditor as t } from "../../../lib/messages";
import { useMoney } from "../../../lib/money";
import { saveWithToasts } from "../../../lib/toast";
import { useAddonEditor } from "../api/editor";
import { AddonForm } from "./addon-form";
import { act, EditorList, MoveButtons, moved } from "./editor-parts";

/** A plan's add-ons, in the order the checkout lists them: added, edited, moved and removed. */
export function AddonsEditor({ plan, onClose }: { plan: AdminPlan; onClose: () => void }) {
  const money = useMoney();
  const editor = useAddonEditor();
  const [editing, setEditing] = useState<string | null>(null);
  const ids = plan.addons.map((addon) => addon._id);
  const planName = `${plan.service} (${plan.duration})`;
  const headingId = `addons-${plan._id}`;

  const move = (index: number, direction: -1 | 1) =>
    act(
      () => editor.reorder.mutateAsync({ planId: plan._id, ids: moved(ids, index, direction) }),
      () => t.saved,
    );

  async function remove(addon: PlanAddon) {
    const sure = await confirmAction({
      title: t.removeAddonQuestion(addon.name),
      text: t.removeAddonText,
      confirmText: t.removeAddon(addon.name),
      destructive: true,
    });
    if (sure)
      act(
        () => editor.remove.mutateAsync(addon._id),
        () => t.addonRemoved,
      );
  }

  const row = (addon: PlanAddon, index: number) => {
    if (editing === addon._id) {
      return (
        <AddonForm
          planId={plan._id}
          currency={plan.currency}
          editing={addon}
          onSubmit={async (body) => {
            await saveWithToasts(
              () => editor.update.mutateAsync({ addonId: addon._id, body }),
              () => t.saved,
            );
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      );
    }
    return (
      <div className="d-flex flex-wrap gap-3 align-items-center" data-addon={addon.name}>
        <p className="flex-grow-1 mb-0">
          <span className="fw-semibold">{addon.name}</span>{" "}
          <span className="text-body-secondary">
            {money(addon.price, plan.currency)}{" "}
            {addon.recurring ? orderLineTexts.every(plan.duration) : orderLineTexts.once}
          </span>
        </p>
        <div className="d-flex flex-wrap gap-2">
          <MoveButtons name={addon.name} index={index} count={ids.length} onMove={(d) => move(index, d)} />
          <Button
            size="sm"
            variant="outline-primary"
            aria-label={t.editAddon(addon.name)}
            onClick={() => setEditing(addon._id)}
          >
            {t.edit}
          </Button>
          <Button
            size="sm"
            variant="outline-danger"
            aria-label={t.removeAddon(addon.name)}
            onClick={() => void remove(addon)}
          >
            {t.removeShort}
          </Button>
        </div>
      </div>
    );
  };

  return (
    <section aria-labelledby={headingId} className="border-top mt-3 pt-3">
      <div className="d-flex justify-content-between align-items-start gap-2">
        <div>
          <h3 id={headingId} className="h6 mb-1">
            {t.addonsHeading(planName)}
          </h3>
          <p className="small text-body-secondary">{t.addonsLead}</p>
        </div>
        <Button size="sm" variant="outline-secondary" onClick={onClose}>
          {t.closeAddons}
        </Button>
      </div>
      {plan.addons.length === 0 ? <p className="small">{t.noAddons}</p> : null}
      <EditorList
        items={plan.addons}
        row={row}
        addLabel={t.addAddon}
        form={(close) => (
          <AddonForm
            planId={plan._id}
            currency={plan.currency}
            onSubmit={async (body) => {
              await saveWithToasts(
                () => editor.create.mutateAsync({ planId: plan._id, body }),
                () => t.added,
              );
              close();
            }}
            onCancel={close}
          />
        )}
      />
    </section>
  );
}
