import { InvoicingSettings, PageTexts, SiteIdentity } from "@agency/contract";
import { LoadError } from "../../components/load-error";
import { LoadingScreen } from "../../components/loading-screen";
import { useMemberPermissions } from "../../features/auth/api/auth";
import {
  useContentEditor,
  useInvoicingSettings,
  useSaveInvoicingSettings,
  useSaveShopMoney,
  useShopMoneySetting,
  useSiteContent,
} from "../../features/content/api/content";
import {
  identityFields,
  invoicingFields,
  textFields,
} from "../../features/content/components/content-fields";
import { ContentForm } from "../../features/content/components/content-form";
import { CurrencyForm } from "../../features/content/components/currency-form";
import { currencyEditor, contentEditor as t } from "../../lib/messages";
import { invoicingSettingsForm } from "../../lib/messages/invoice-payments";
import { useShopMoneySaved } from "../../lib/site";
import { saveWithToasts } from "../../lib/toast";

/**
 * The shop's currency: for a member who may edit prices (every price is in it). Unknown
 * permissions (still loading) show it; the server checks again.
 */
function ShopCurrency() {
  const setting = useShopMoneySetting();
  const moneySaved = useShopMoneySaved();
  const save = useSaveShopMoney(({ currency, locale }) => moneySaved({ currency, locale }));
  return (
    <div className="card border-0 shadow-sm mb-4">
      <div className="card-body p-4">
        <h2 className="h5 mb-2">{currencyEditor.heading}</h2>
        <p className="text-body-secondary">{currencyEditor.lead}</p>
        {setting.isPending ? (
          <LoadingScreen />
        ) : setting.isError ? (
          <LoadError message={currencyEditor.loadFailed} query={setting} />
        ) : (
          <CurrencyForm
            key={`${setting.data.currency}-${setting.data.locale}-${setting.data.sold}`}
            setting={setting.data}
            onSubmit={(body) => saveWithToasts(() => save.mutateAsync(body), currencyEditor.saved)}
          />
        )}
      </div>
    </div>
  );
}

/** The invoice terms and the bank account invoices print: for a member who writes invoices. */
function InvoiceTerms() {
  const settings = useInvoicingSettings();
  const save = useSaveInvoicingSettings();
  return (
    <div className="card border-0 shadow-sm mb-4">
      <div className="card-body p-4">
        <h2 className="h5 mb-2">{invoicingSettingsForm.heading}</h2>
        <p className="text-body-secondary">{invoicingSettingsForm.lead}</p>
        {settings.isPending ? (
          <LoadingScreen />
        ) : settings.isError ? (
          <LoadError message={invoicingSettingsForm.failed} query={settings} />
        ) : (
          <ContentForm
            label={invoicingSettingsForm.heading}
            groups={invoicingFields}
            initial={settings.data}
            schema={InvoicingSettings}
            submitLabel={invoicingSettingsForm.save}
            onSubmit={(body) => saveWithToasts(() => save.mutateAsync(body), invoicingSettingsForm.saved)}
          />
        )}
      </div>
    </div>
  );
}

/** The owner edits the site identity and the landing and about pages' texts (DESIGN "Beyond the spec" 13). */
export default function SiteContentPage() {
  const content = useSiteContent();
  const editor = useContentEditor();
  const permissions = useMemberPermissions();
  const editsPrices = permissions?.has("catalog.edit") ?? true;
  const writesInvoices = permissions?.has("sales.manage") ?? true;

  return (
    <section aria-labelledby="site-content-heading">
      <h1 id="site-content-heading" className="h4 mb-2">
        {t.heading}
      </h1>
      <p className="text-body-secondary">{t.lead}</p>
      {content.isPending ? (
        <LoadingScreen />
      ) : content.isError ? (
        <LoadError message={t.loadFailed} query={content} />
      ) : (
        <>
          <div className="card border-0 shadow-sm mb-4">
            <div className="card-body p-4">
              <h2 className="h5 mb-3">{t.identityHeading}</h2>
              <ContentForm
                label={t.identityHeading}
                groups={identityFields}
                initial={content.data.site}
                schema={SiteIdentity}
                submitLabel={t.saveIdentity}
                onSubmit={(identity) =>
                  saveWithToasts(() => editor.identity.mutateAsync(identity), t.identitySaved)
                }
              />
            </div>
          </div>
          {editsPrices ? <ShopCurrency /> : null}
          {writesInvoices ? <InvoiceTerms /> : null}
          <div className="card border-0 shadow-sm">
            <div className="card-body p-4">
              <h2 className="h5 mb-3">{t.textsHeading}</h2>
              <ContentForm
                label={t.textsHeading}
                groups={textFields}
                initial={content.data.texts}
                schema={PageTexts}
                submitLabel={t.saveTexts}
                onSubmit={(texts) => saveWithToasts(() => editor.texts.mutateAsync(texts), t.textsSaved)}
              />
            </div>
          </div>
        </>
      )}
    </section>
  );
}
