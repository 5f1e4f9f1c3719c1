import { type BlogBody, BlogBody as BlogBodySchema, type BlogEntry } from "@agency/contract";
import { Form } from "react-bootstrap";
import { Field, FormActions } from "../../../components/field";
import { ImageField } from "../../../components/image-field";
import { adminPages as t } from "../../../lib/messages";
import { useContractForm } from "../../../lib/use-contract-form";

type BlogField = "title" | "topic" | "slug" | "description" | "body" | "blogLink" | "img";
type Fields = Record<BlogField, string>;
const empty: Fields = { title: "", topic: "", slug: "", description: "", body: "", blogLink: "", img: "" };

const labels: Record<BlogField, string> = {
  title: t.blogTitle,
  topic: t.blogTopic,
  slug: t.blogSlug,
  description: t.blogDescription,
  body: t.blogBody,
  blogLink: t.blogLink,
  img: t.blogImage,
};

function fieldsOf(entry: BlogEntry): Fields {
  const { title, topic, slug, description, body, blogLink, img } = entry;
  return { title, topic, slug, description, body, blogLink, img };
}

/** The blog editor's form: the contract's rules are checked here for quick feedback and again on the server. */
export function BlogForm({
  editing,
  onSubmit,
  onCancel,
}: {
  editing?: BlogEntry;
  onSubmit: (body: BlogBody) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const form = useContractForm({
    initial: editing ? fieldsOf(editing) : empty,
    schema: BlogBodySchema,
    label: (key) => labels[key as BlogField],
    onSubmit,
    resetAfterSubmit: !editing,
  });
  const { values, problems, set } = form;
  const suffix = editing ? `-edit-${editing._id}` : "";

  const control = (
    key: BlogField,
    options: { type?: string; rows?: number; help?: string; wide?: boolean } = {},
  ) => (
    <Field
      className={options.wide ? "col-12" : "col-12 col-md-6"}
      id={`blog-${key}${suffix}`}
      label={labels[key]}
      as={options.rows ? "textarea" : undefined}
      rows={options.rows}
      type={options.type ?? "text"}
      controlClassName={key === "body" ? "font-monospace" : undefined}
      value={values[key]}
      onChange={(value) => set({ [key]: value })}
      help={options.help}
      problem={problems[key]}
    />
  );

  return (
    <Form noValidate onSubmit={form.submit} aria-label={editing ? t.save : t.blogHeading}>
      <div className="row g-3">
        {control("title")}
        {control("topic")}
        {control("slug", { help: t.blogSlugHelp })}
        {control("blogLink", { type: "url" })}
        {control("description", { rows: 2, wide: true })}
        {control("body", { rows: 12, wide: true, help: t.blogBodyHelp })}
        <div className="col-12">
          <ImageField
            id={`blog-img${suffix}`}
            label={labels.img}
            kind="card"
            value={values.img}
            onChange={(img) => set({ img })}
            problem={problems.img}
          />
        </div>
      </div>
      <FormActions
        busy={form.busy}
        submitLabel={editing ? t.save : t.publish}
        cancelLabel={t.cancel}
        onCancel={onCancel}
      />
    </Form>
  );
}
