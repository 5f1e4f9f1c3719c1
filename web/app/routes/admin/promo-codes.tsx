import type { PromoCode } from "@agency/contract";
import { useState } from "react";
import { Badge, Button } from "react-bootstrap";
import { LoadError } from "../../components/load-error";
import { LoadingScreen } from "../../components/loading-screen";
import { useAllPlans } from "../../features/catalog/api/editor";
import { usePromoCodeEditor, usePromoCodes } from "../../features/promo/api/promo-codes";
import { PromoCodeForm } from "../../features/promo/components/promo-code-form";
import { formatNumericDateTime } from "../../lib/dates";
import { promoEditor as t } from "../../lib/messages";
import { useMoney } from "../../lib/money";
import { pageTitle, siteOf } from "../../lib/site";
import { saveWithToasts } from "../../lib/toast";
import type { Route } from "./+types/promo-codes";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t.heading, siteOf(matches)) }, { name: "robots", content: "noindex" }];
}

const when = (iso: string | null) => (iso ? formatNumericDateTime(iso) : "…");

/** DESIGN "Beyond the spec" 9: the codes customers enter in the checkout's promo box. */
export default function PromoCodes() {
  const codes = usePromoCodes();
  const plans = useAllPlans();
  const editor = usePromoCodeEditor();
  const [editing, setEditing] = useState<string | null>(null);
  const money = useMoney();

  const row = (code: PromoCode) =>
    editing === code._id ? (
      <PromoCodeForm
        editing={code}
        plans={plans.data ?? []}
        onSubmit={async (body) => {
          await saveWithToasts(() => editor.update.mutateAsync({ codeId: code._id, body }), t.saved);
          setEditing(null);
        }}
        onCancel={() => setEditing(null)}
      />
    ) : (
      <div className="d-flex flex-wrap gap-3 align-items-center">
        <div className="flex-grow-1">
          <p className="fw-semibold mb-0">
            <code className="fs-6">{code.code}</code> {t.off(code.value, code.kind, money(code.value))}{" "}
            <Badge bg={code.disabled ? "secondary" : "success"}>
              {code.disabled ? t.inactive : t.active}
            </Badge>
          </p>
          <p className="small text-body-secondary mb-0">
            {code.planLabel ?? t.allPlans} · {code.appliesTo === "every" ? t.every : t.first} ·{" "}
            {t.uses(code.uses, code.maxUses)} ·{" "}
            {code.validFrom || code.validTo ? `${when(code.validFrom)} – ${when(code.validTo)}` : t.always}
          </p>
        </div>
        <div className="d-flex gap-2">
          <Button size="sm" variant="outline-primary" onClick={() => setEditing(code._id)}>
            {t.edit}
          </Button>
          <Button
            size="sm"
            variant={code.disabled ? "outline-success" : "outline-danger"}
            onClick={() =>
              saveWithToasts(
                () => editor.setDisabled.mutateAsync({ codeId: code._id, disabled: !code.disabled }),
                t.saved,
              ).catch(() => {})
            }
          >
            {code.disabled ? t.enable : t.disable}
          </Button>
        </div>
      </div>
    );

  return (
    <section aria-labelledby="promo-heading">
      <h1 id="promo-heading" className="h4 mb-1">
        {t.heading}
      </h1>
      <p className="text-body-secondary">{t.lead}</p>
      <div className="card border-0 shadow-sm mb-4">
        <div className="card-body p-4">
          <h2 className="h5 mb-3">{t.add}</h2>
          <PromoCodeForm
            plans={plans.data ?? []}
            onSubmit={(body) => saveWithToasts(() => editor.create.mutateAsync(body), t.created)}
          />
        </div>
      </div>
      {codes.isPending ? (
        <LoadingScreen />
      ) : codes.isError ? (
        <LoadError message={t.failed} query={codes} />
      ) : codes.data.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <ul className="list-unstyled d-grid gap-3 mb-0">
          {codes.data.map((code) => (
            <li key={code._id} className="card border-0 shadow-sm">
              <div className="card-body">{row(code)}</div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
