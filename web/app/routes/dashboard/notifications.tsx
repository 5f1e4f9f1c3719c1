import { QueryView } from "../../components/query-view";
import { useMailPreferences } from "../../features/mail/api/mail";
import { PreferencesForm } from "../../features/mail/components/preferences-form";
import { notificationsPage as t } from "../../lib/messages";

/** The page every optional mail links to: what the signed-in customer wants to receive. */
export default function Notifications() {
  const preferences = useMailPreferences();
  return (
    <section className="card border-0 shadow-sm" aria-labelledby="notifications-heading">
      <div className="card-body p-4">
        <h1 id="notifications-heading" className="h4 mb-2">
          {t.heading}
        </h1>
        <QueryView query={preferences} failed={t.loadFailed} loadingLabel={t.loading}>
          {(stored) => (
            <>
              <p className="text-body-secondary mb-4">{t.lead(stored.email)}</p>
              {/* A saved answer starts the form again from what the server stored. */}
              <PreferencesForm key={JSON.stringify(stored)} preferences={stored} />
            </>
          )}
        </QueryView>
      </div>
    </section>
  );
}
