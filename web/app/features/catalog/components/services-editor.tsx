import type { AdminService } from "@agency/contract";
import { useState } from "react";
import { Badge, Button } from "react-bootstrap";
import { LoadError } from "../../../components/load-error";
import { LoadingScreen } from "../../../components/loading-screen";
import { catalogEditor as t } from "../../../lib/messages";
import { saveWithToasts } from "../../../lib/toast";
import { useAllServices, useServiceEditor } from "../api/editor";
import { act, EditorList, MoveButtons, moved } from "./editor-parts";
import { ServiceForm } from "./service-form";

/** The services the public pages show, in their order: edited, added, archived and restored. */
export function ServicesEditor() {
  const services = useAllServices();
  const editor = useServiceEditor();
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
          await saveWithToasts(
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
    <EditorList
      items={services.data}
      row={row}
      addLabel={t.addService}
      form={(close) => (
        <ServiceForm
          onSubmit={async (body) => {
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
