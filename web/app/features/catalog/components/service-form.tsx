import { type AdminService, ServiceBody } from "@agency/contract";
import { Form } from "react-bootstrap";
import { Field, FormActions } from "../../../components/field";
import { ImageField } from "../../../components/image-field";
import { catalogEditor as t } from "../../../lib/messages";
import { useContractForm } from "../../../lib/use-contract-form";

type Fields = { title: string; description: string; image: string };
const empty: Fields = { title: "", description: "", image: "" };
const labels: Record<keyof Fields, string> = {
  title: t.serviceTitle,
  description: t.serviceDescription,
  image: t.serviceImage,
};
const label = (path: string) => labels[path as keyof Fields] ?? path;

/** A service's title, description and image (uploaded, a path under the site or a web address). */
export function ServiceForm({
  editing,
  onSubmit,
  onCancel,
}: {
  editing?: AdminService;
  onSubmit: (body: ServiceBody) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const form = useContractForm({
    initial: editing
      ? { title: editing.title, description: editing.description, image: editing.image }
      : empty,
    schema: ServiceBody,
    label,
    onSubmit,
    resetAfterSubmit: !editing,
  });
  const { values, problems, set } = form;
  const prefix = editing ? `service-${editing._id}` : "service-new";

  return (
    <Form
      noValidate
      onSubmit={form.submit}
      aria-label={editing ? `${t.edit}: ${editing.title}` : t.addService}
    >
      <div className="row g-3">
        <Field
          className="col-12 col-md-6"
          id={`${prefix}-title`}
          label={labels.title}
          value={values.title}
          onChange={(title) => set({ title })}
          problem={problems.title}
        />
        <div className="col-12 col-md-6">
          <ImageField
            id={`${prefix}-image`}
            label={labels.image}
            kind="card"
            value={values.image}
            onChange={(image) => set({ image })}
            problem={problems.image}
          />
        </div>
        <Field
          className="col-12"
          id={`${prefix}-description`}
          label={labels.description}
          as="textarea"
          rows={3}
          value={values.description}
          onChange={(description) => set({ description })}
          problem={problems.description}
        />
      </div>
      <FormActions
        busy={form.busy}
        submitLabel={editing ? t.save : t.create}
        cancelLabel={t.cancel}
        onCancel={onCancel}
      />
    </Form>
  );
}
