import type { SalesKind } from "@agency/contract";
import { useNavigate, useSearchParams } from "react-router";
import { useSalesEditor } from "../../features/sales/api/sales";
import { type NewSalesStart, SalesForm } from "../../features/sales/components/sales-form";
import { salesForm, salesPage as t } from "../../lib/messages";
import { pageTitle, siteOf } from "../../lib/site";
import { saveWithToasts } from "../../lib/toast";
import type { Route } from "./+types/sales-new";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t.heading, siteOf(matches)) }, { name: "robots", content: "noindex" }];
}

/** A new quote or invoice: written as a draft, then opened to send. */
export default function NewSalesDocument() {
  const [params] = useSearchParams();
  const kind: SalesKind = params.get("kind") === "invoice" ? "invoice" : "quote";
  // Written from an order ("Invoice this order"): for that order and its customer.
  const forOrder = params.get("forOrder");
  const orderNumber = Number(params.get("orderNumber"));
  const start: NewSalesStart = {
    email: params.get("email") ?? undefined,
    forOrder: forOrder && Number.isInteger(orderNumber) ? { id: forOrder, number: orderNumber } : undefined,
  };
  const editor = useSalesEditor();
  const navigate = useNavigate();
  return (
    <section aria-labelledby="sales-new-heading">
      <h1 id="sales-new-heading" className="h4 mb-3">
        {t.newHeading(kind)}
      </h1>
      <div className="card border-0 shadow-sm">
        <div className="card-body p-4">
          <SalesForm
            key={kind}
            kind={kind}
            start={start}
            onSubmit={async (body) => {
              const saved = await saveWithToasts(() => editor.create.mutateAsync(body), salesForm.saved);
              await navigate(`/dashboard/admin/sales/${saved._id}`);
            }}
            onCancel={() => navigate("/dashboard/admin/sales")}
          />
        </div>
      </div>
    </section>
  );
}
