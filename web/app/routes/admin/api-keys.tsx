import { QueryView } from "../../components/query-view";
import { useApiKeys } from "../../features/api-keys/api/api-keys";
import { ApiKeysList } from "../../features/api-keys/components/api-keys-list";
import { CreateKeyForm } from "../../features/api-keys/components/create-key-form";
import { apiKeysPage as t } from "../../lib/messages";
import { pageTitle, siteOf } from "../../lib/site";
import type { Route } from "./+types/api-keys";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t.heading, siteOf(matches)) }, { name: "robots", content: "noindex" }];
}

/** DESIGN "Beyond the spec" 18: keys other systems call the API with, each acting as a role. */
export default function ApiKeys() {
  const keys = useApiKeys();
  return (
    <section aria-labelledby="api-keys-heading">
      <h1 id="api-keys-heading" className="h4 mb-1">
        {t.heading}
      </h1>
      <p className="text-body-secondary">
        {t.lead}{" "}
        <a href="/api/docs" target="_blank" rel="noreferrer">
          {t.docsLink}
        </a>
      </p>
      <QueryView query={keys} failed={t.loadFailed}>
        {({ keys: list, roles }) => (
          <>
            <div className="card border-0 shadow-sm my-4">
              <div className="card-body p-4">
                <h2 className="h5 mb-3">{t.createHeading}</h2>
                <CreateKeyForm roles={roles} />
              </div>
            </div>
            <h2 id="api-keys-list-heading" className="h5">
              {t.listHeading}
            </h2>
            <ApiKeysList keys={list} labelledBy="api-keys-list-heading" />
          </>
        )}
      </QueryView>
    </section>
  );
}
