import {
  canonicalMoneyLocale,
  currencyLabel,
  formatMajorMoney,
  isKnownCurrency,
  knownCurrencies,
  ShopMoneyBody,
  type ShopMoneySetting,
} from "@agency/contract";
import { useId, useMemo } from "react";
import { Alert, Button, Form } from "react-bootstrap";
import { Field } from "../../../components/field";
import { contentEditor, currencyEditor as t } from "../../../lib/messages";
import { useContractForm } from "../../../lib/use-contract-form";

/** Locales offered as the owner types (any other valid one is taken too). */
const suggestedLocales = [
  "en-US",
  "en-GB",
  "en-CA",
  "en-AU",
  "en-IE",
  "en-IN",
  "de-DE",
  "de-AT",
  "de-CH",
  "fr-FR",
  "fr-CA",
  "es-ES",
  "es-MX",
  "it-IT",
  "nl-NL",
  "pt-BR",
  "sv-SE",
  "nb-NO",
  "da-DK",
  "pl-PL",
  "ja-JP",
];

const example = 1234.5;

/** "EUR · Euro", for each currency Intl knows. */
function currencyOptions(): { code: string; label: string }[] {
  const names = new Intl.DisplayNames(["en"], { type: "currency" });
  return knownCurrencies().map((code) => ({ code, label: `${code} · ${names.of(code) ?? code}` }));
}

/**
 * The owner sets the shop's currency and the locale its amounts are written in, with a preview of
 * a price; once a sale was made, the field says that a change applies to new prices only.
 */
export function CurrencyForm({
  setting,
  onSubmit,
}: {
  setting: ShopMoneySetting;
  onSubmit: (body: ShopMoneyBody) => Promise<unknown>;
}) {
  const id = useId();
  const options = useMemo(currencyOptions, []);
  const form = useContractForm({
    initial: { currency: currencyLabel(setting.currency), locale: setting.locale },
    schema: ShopMoneyBody,
    onSubmit,
  });
  const { values, problems } = form;
  const locale = canonicalMoneyLocale(values.locale);
  const preview =
    locale && isKnownCurrency(values.currency) ? formatMajorMoney(example, values.currency, locale) : null;
  const warningId = `${id}-after-sales`;

  return (
    <Form noValidate onSubmit={form.submit} aria-label={t.heading}>
      <div className="row g-3 mb-3">
        <Field
          id={`${id}-currency`}
          className="col-12 col-md-6"
          label={t.currency}
          problem={problems.currency}
        >
          <Form.Select
            value={values.currency}
            onChange={(event) => form.set({ currency: event.currentTarget.value })}
            isInvalid={Boolean(problems.currency)}
            aria-describedby={setting.sold ? warningId : undefined}
          >
            {options.map((option) => (
              <option key={option.code} value={option.code}>
                {option.label}
              </option>
            ))}
          </Form.Select>
        </Field>
        <div className="col-12 col-md-6">
          <Field id={`${id}-locale`} label={t.locale} help={t.localeHelp} problem={problems.locale}>
            <Form.Control
              value={values.locale}
              list={`${id}-locales`}
              autoComplete="off"
              onChange={(event) => form.set({ locale: event.currentTarget.value })}
              isInvalid={Boolean(problems.locale)}
            />
          </Field>
          <datalist id={`${id}-locales`}>
            {suggestedLocales.map((tag) => (
              <option key={tag} value={tag} />
            ))}
          </datalist>
        </div>
      </div>
      {preview ? (
        <p className="text-body-secondary" aria-live="polite">
          {t.preview(preview)}
        </p>
      ) : null}
      {setting.sold ? (
        <Alert variant="warning" id={warningId} className="small">
          {t.afterSales(currencyLabel(setting.currency))}
        </Alert>
      ) : null}
      {form.invalid ? (
        <p className="text-danger" role="alert">
          {contentEditor.fixFields}
        </p>
      ) : null}
      <Button type="submit" disabled={form.busy}>
        {t.save}
      </Button>
    </Form>
  );
}
