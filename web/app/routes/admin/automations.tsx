import { RuleForm } from "../../features/automations/components/rule-form";
import { RulesList } from "../../features/automations/components/rules-list";
import { rulesPage as t } from "../../lib/messages/workday";
import { pageTitle, siteOf } from "../../lib/site";
import type { Route } from "./+types/automations";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t.title, siteOf(matches)) }, { name: "robots", content: "noindex" }];
}

/** The rules that assign and remind, for a role with `automations.manage`. */
export default function AutomationsPage() {
  return (
    <section aria-labelledby="rules-heading">
      <h1 id="rules-heading" className="h4 mb-1">
        {t.heading}
      </h1>
      <p className="text-body-secondary">{t.lead}</p>
      <div className="card border-0 shadow-sm mb-4">
        <div className="card-body">
          <h2 className="h6">{t.newHeading}</h2>
          <RuleForm />
        </div>
      </div>
      <div className="card border-0 shadow-sm">
        <div className="card-body">
          <RulesList />
        </div>
      </div>
    </section>
  );
}
