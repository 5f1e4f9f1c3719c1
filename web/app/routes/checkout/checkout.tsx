import { type ReactNode, useEffect, useState } from "react";
import { data, isRouteErrorResponse, useParams } from "react-router";
import { LoadError } from "../../components/load-error";
import { LoadingScreen } from "../../components/loading-screen";
import { useSession } from "../../features/auth/api/auth";
import { usePlan, usePlanTerms, usePromoQuote } from "../../features/orders/api/orders";
import { CheckoutForm } from "../../features/orders/components/checkout-form";
import { PromoForm } from "../../features/orders/components/promo-form";
import { RenewalTermsNote } from "../../features/orders/components/renewal-terms";
import { ApiError, errorMessage } from "../../lib/api";
import { orderLineTexts, checkoutMessages as t } from "../../lib/messages";
import { useMoney } from "../../lib/money";
import { pageDataOf } from "../../lib/page-data.server";
import { pageTitle, siteOf } from "../../lib/site";
import { notifyError } from "../../lib/toast";
import NotFound from "../not-found";
import type { Route } from "./+types/checkout";

/** A plan that is not on offer (an unknown or archived id) is a page that does not exist: 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const plans = await pageDataOf(context).pricing();
  if (!plans.some((plan) => plan._id === params._id)) throw data(null, { status: 404 });
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle("Checkout", siteOf(matches)) }, { name: "robots", content: "noindex" }];
}

/** SPEC §2 /checkout/{_id}: _id is a pricing plan. */
export default function Checkout() {
  const { _id = "" } = useParams();
  const plan = usePlan(_id);
  const session = useSession();
  const shopMoney = useMoney();
  const [addonIds, setAddonIds] = useState<string[]>([]);
  const [code, setCode] = useState<string | null>(null);
  const quote = usePromoQuote(_id, code, addonIds);
  const promo = code ? (quote.data ?? null) : null;
  const planTerms = usePlanTerms(_id, addonIds);
  // An applied code's quote carries its own terms; without one, the plan's with its add-ons.
  const terms = promo?.terms ?? planTerms.data;
  // A code asked about again for other add-ons may no longer be usable (its last use went).
  const refused = code !== null && quote.isError;
  useEffect(() => {
    if (!refused) return;
    setCode(null);
    notifyError(errorMessage(quote.error));
  }, [refused, quote.error]);

  if (plan.isPending || !session.data) return <LoadingScreen />;
  if (plan.isError) {
    // Taken off the catalog since the page was opened: the same not-found page as the server's.
    if (plan.error instanceof ApiError && plan.error.status === 404) return <NotFound />;
    return (
      <div className="container py-5 text-center">
        <LoadError message={errorMessage(plan.error)} query={plan} />
      </div>
    );
  }

  const money = (amount: number) => shopMoney(amount, plan.data.currency);
  const price = money(plan.data.newPrice);
  const chosen = plan.data.addons.filter((addon) => addonIds.includes(addon._id));
  // Shown only: the server prices the order from the catalog (dollars added as cents, exactly).
  const subtotal =
    chosen.reduce((sum, addon) => sum + Math.round(addon.price * 100), Math.round(plan.data.newPrice * 100)) /
    100;
  const total = promo ? promo.total : subtotal;
  return (
    <div className="container py-5">
      <div className="row g-4">
        <Panel as="section" className="col-12 col-lg-8" id="checkout-heading" heading={t.heading} level="h1">
          <CheckoutForm
            plan={plan.data}
            user={session.data.user}
            promo={promo}
            addonIds={addonIds}
            onAddonsChange={setAddonIds}
            total={total}
          />
        </Panel>
        <Panel as="aside" className="col-12 col-lg-4" id="summary-heading" heading={t.summary} level="h2">
          <dl className="mb-3">
            <div className="d-flex justify-content-between">
              <dt className="fw-normal">{t.currentPrice}</dt>
              <dd className="mb-0 fw-semibold">{price}</dd>
            </div>
            {chosen.map((addon) => (
              <div key={addon._id} className="d-flex justify-content-between mt-2">
                <dt className="fw-normal">
                  {addon.name}
                  <span className="d-block small text-body-secondary">
                    {addon.recurring ? orderLineTexts.every(plan.data.duration) : orderLineTexts.once}
                  </span>
                </dt>
                <dd className="mb-0 fw-semibold">{money(addon.price)}</dd>
              </div>
            ))}
          </dl>
          <PromoForm
            planId={plan.data._id}
            addonIds={addonIds}
            applied={promo}
            onApplied={(applied) => setCode(applied?.code ?? null)}
          />
          <hr />
          <dl className="mb-0">
            <div className="d-flex justify-content-between mb-2">
              <dt className="fw-normal">{t.subtotal}</dt>
              <dd className="mb-0">{money(promo?.subtotal ?? subtotal)}</dd>
            </div>
            <div className="d-flex justify-content-between mb-2">
              <dt className="fw-normal">{t.discount}</dt>
              <dd className="mb-0">{money(promo?.discount ?? 0)}</dd>
            </div>
            <div className="d-flex justify-content-between fs-5">
              <dt>{t.total}</dt>
              <dd className="mb-0 fw-bold">{money(total)}</dd>
            </div>
          </dl>
          {terms ? (
            <RenewalTermsNote terms={terms} promoCode={promo?.code} className="mt-3 pt-3 border-top" />
          ) : null}
        </Panel>
      </div>
    </div>
  );
}

/** One of the checkout's two cards, labelled by its heading. */
function Panel({
  as: Element,
  className,
  id,
  heading,
  level: Heading,
  children,
}: {
  as: "section" | "aside";
  className: string;
  id: string;
  heading: string;
  level: "h1" | "h2";
  children: ReactNode;
}) {
  return (
    <Element className={className} aria-labelledby={id}>
      <div className="card border-0 shadow-sm">
        <div className="card-body p-4">
          <Heading id={id} className={Heading === "h1" ? "h3 mb-4" : "h4 mb-3"}>
            {heading}
          </Heading>
          {children}
        </div>
      </div>
    </Element>
  );
}
