import { TemplatesEditor } from "../../features/order-workflow/components/templates-editor";
import { templatesPage as t } from "../../lib/messages/workday";
import { pageTitle, siteOf } from "../../lib/site";
import type { Route } from "./+types/templates";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t.title, siteOf(matches)) }, { name: "robots", content: "noindex" }];
}

/** The team's reply templates, for the members who message customers (`messages.send`). */
export default function TemplatesPage() {
  return (
    <section aria-labelledby="templates-heading">
      <h1 id="templates-heading" className="h4 mb-1">
        {t.heading}
      </h1>
      <TemplatesEditor />
    </section>
  );
}
