import type { AdminPlan, AdminService } from "@agency/contract";
import { type ReactNode, useState } from "react";
import { Badge, Button } from "react-bootstrap";
import { LoadError } from "../../components/load-error";
import { LoadingScreen } from "../../components/loading-screen";
import {
  useAllPlans,
  useAllServices,
  usePlanEditor,
  useServiceEditor,
} from "../../features/catalog/api/editor";
import { PlanForm } from "../../features/catalog/components/plan-form";
import { PriceForm } from "../../features/catalog/components/price-form";
import { ServiceForm } from "../../features/catalog/components/service-form";
import { confirmAction } from "../../lib/alerts";
import { errorMessage } from "../../lib/api";
import { catalogEditor as t } from "../../lib/messages";
import { money } from "../../lib/money";
import { pageTitle, siteOf } from "../../lib/site";
import { notifyDone, notifyError } from "../../lib/toast";
import type { Route } from "./+types/catalog";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t.heading, siteOf(matches)) }, { name: "robots", content: "noindex" }];
}

/** Runs an editor write: a toast says it is done, or why not (and the form keeps its values). */
async function run<T>(action: () => Promise<T>, done: (result: T) => string): Promise<T> {
  try {
    const result = await action();
    notifyDone(done(result));
    return result;
  } catch (error) {
    notifyError(errorMessage(error));
    throw error;
  }
}

/** For buttons: the toast has said what went wrong, nothing else to do. */
function act<T>(action: () => Promise<T>, done: (result: T) => string): void {
  run(action, done).catch(() => {});
}

/** The ids with the one at `index` swapped with its neighbour in `direction`. */
function moved(ids: string[], index: number, direction: -1 | 1): string[] {
  const next = [...ids];
  const other = index + direction;
  const a = next[index];
  const b = next[other];
  if (a === undefined || b === undefined) return ids;
  next[index] = b;
  next[other] = a;
  return next;
}

function MoveButtons({
  name,
  index,
  count,
  onMove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (direction: -1 | 1) => void;
}) {
  return (
    <>
      <Button
        size="sm"
        variant="outline-secondary"
        aria-label={t.moveUp(name)}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        ↑
      </Button>
      <Button
        size="sm"
        variant="outline-secondary"
        aria-label={t.moveDown(name)}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        ↓
      </Button>
    </>
  );
}

function Card({ children }: { children: ReactNode }) {
  return (
    <li className="card border-0 shadow-sm">
      <div className="card-body">{children}</div>
    </li>
  );
}

function Services() {
  const services = useAllServices();
  const editor = useServiceEditor();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);

  if (services.isPending) return <LoadingScreen />;
  if (services.isError) return <LoadError message={t.servicesFailed} query={services} />;
  const ids = services.data.map((service) => service._id);
  const move = (index: number, direction: -1 | 1) =>
    act(
      () => editor.reorder.mutateAsync(moved(ids, index, direction)),
      () => t.saved,
    );

  const row = (service: AdminService, index: number) =>
    editing === service._id ? (
      <ServiceForm
        editing={service}
        onSubmit={async (body) => {
          await run(
            () => editor.update.mutateAsync({ serviceId: service._id, body }),
            () => t.saved,
          );
          setEditing(null);
        }}
        onCancel={() => setEditing(null)}
      />
    ) : (
      <div className="d-flex flex-wrap gap-3 align-items-center">
        <img
          src={service.image}
          alt=""
          width="64"
          height="64"
          className="rounded object-fit-contain bg-light"
        />
        <div className="flex-grow-1">
          <p className="fw-semibold mb-0">
            {service.title} {service.archived ? <Badge bg="secondary">{t.archived}</Badge> : null}
          </p>
          <p className="small text-body-secondary mb-0">{service.description}</p>
        </div>
        <div className="d-flex flex-wrap gap-2">
          <MoveButtons name={service.title} index={index} count={ids.length} onMove={(d) => move(index, d)} />
          <Button size="sm" variant="outline-primary" onClick={() => setEditing(service._id)}>
            {t.edit}
          </Button>
          <Button
            size="sm"
            variant={service.archived ? "outline-success" : "outline-danger"}
            onClick={() =>
              act(
                () => editor.archive.mutateAsync({ serviceId: service._id, archived: !service.archived }),
                () => (service.archived ? t.restoredDone : t.archivedDone),
              )
            }
          >
            {service.archived ? t.restore : t.archive}
          </Button>
        </div>
      </div>
    );

  return (
    <>
      <ul className="list-unstyled d-grid gap-3 mb-3">
        {services.data.map((service, index) => (
          <Card key={service._id}>{row(service, index)}</Card>
        ))}
      </ul>
      {adding ? (
        <div className="card border-0 shadow-sm">
          <div className="card-body">
            <ServiceForm
              onSubmit={async (body) => {
                await run(
                  () => editor.create.mutateAsync(body),
                  () => t.added,
                );
                setAdding(false);
              }}
              onCancel={() => setAdding(false)}
            />
          </div>
        </div>
      ) : (
        <Button onClick={() => setAdding(true)}>{t.addService}</Button>
      )}
    </>
  );
}

function Plans() {
  const plans = useAllPlans();
  const editor = usePlanEditor();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<{ id: string; part: "details" | "price" } | null>(null);

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
            await run(
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
            await run(
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
            <strong>{money(plan.newPrice)}</strong>{" "}
            <del className="text-body-secondary">{money(plan.oldPrice)}</del> / {plan.month} ·{" "}
            {t.ordersCount(plan.orders)} · {t.subscribersCount(plan.subscribers)}
          </p>
          <p className="small text-body-secondary mb-0">
            {plan.serviceName.map((feature, at) => `${plan.included[at] ? "✓" : "✗"} ${feature}`).join("  ")}
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
    );
  };

  return (
    <>
      <ul className="list-unstyled d-grid gap-3 mb-3">
        {plans.data.map((plan, index) => (
          <Card key={plan._id}>{row(plan, index)}</Card>
        ))}
      </ul>
      {adding ? (
        <div className="card border-0 shadow-sm">
          <div className="card-body">
            <PlanForm
              onCreate={async (body) => {
                await run(
                  () => editor.create.mutateAsync(body),
                  () => t.added,
                );
                setAdding(false);
              }}
              onCancel={() => setAdding(false)}
            />
          </div>
        </div>
      ) : (
        <Button onClick={() => setAdding(true)}>{t.addPlan}</Button>
      )}
    </>
  );
}

/** DESIGN "Beyond the spec" 13: the owner edits the services and plans the public pages show. */
export default function CatalogEditor() {
  return (
    <section aria-labelledby="catalog-heading">
      <h1 id="catalog-heading" className="h4 mb-1">
        {t.heading}
      </h1>
      <p className="text-body-secondary">{t.lead}</p>
      <section aria-labelledby="catalog-services-heading" className="mb-5">
        <h2 id="catalog-services-heading" className="h5 mb-3">
          {t.servicesHeading}
        </h2>
        <Services />
      </section>
      <section aria-labelledby="catalog-plans-heading">
        <h2 id="catalog-plans-heading" className="h5 mb-3">
          {t.plansHeading}
        </h2>
        <Plans />
      </section>
    </section>
  );
}
