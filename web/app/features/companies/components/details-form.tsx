import { type Company, CompanyDetailsBody } from "@agency/contract";
import { Button, Form } from "react-bootstrap";
import { Field } from "../../../components/field";
import { colleaguesPage as t } from "../../../lib/messages/companies";
import { saveWithToasts } from "../../../lib/toast";
import { useContractForm } from "../../../lib/use-contract-form";
import { useCompanyActions } from "../api/companies";

/** The company's name, address, VAT or tax ID and billing e-mail, as its Admin gives them. */
export function DetailsForm({ company }: { company: Company }) {
  const actions = useCompanyActions();
  const form = useContractForm({
    initial: {
      name: company.name,
      address: company.address,
      vatId: company.vatId ?? "",
      billingEmail: company.billingEmail,
    },
    schema: CompanyDetailsBody,
    onSubmit: async (body) => {
      await saveWithToasts(() => actions.saveDetails.mutateAsync(body), t.detailsSaved);
    },
  });
  const { values, problems, set } = form;
  return (
    <Form noValidate onSubmit={form.submit} aria-label={t.detailsHeading}>
      <div className="row g-3">
        <Field
          className="col-12 col-md-6"
          id="company-name"
          label={t.companyName}
          autoComplete="organization"
          value={values.name}
          onChange={(name) => set({ name })}
          problem={problems.name}
        />
        <Field
          className="col-12 col-md-6"
          id="company-billing-email"
          label={t.billingEmail}
          type="email"
          value={values.billingEmail}
          onChange={(billingEmail) => set({ billingEmail })}
          problem={problems.billingEmail}
        />
        <Field
          className="col-12 col-md-6"
          id="company-address"
          label={t.address}
          as="textarea"
          rows={3}
          value={values.address}
          onChange={(address) => set({ address })}
          problem={problems.address}
        />
        <Field
          className="col-12 col-md-6"
          id="company-vat-id"
          label={t.vatId}
          value={values.vatId}
          onChange={(vatId) => set({ vatId })}
          problem={problems.vatId}
        />
        <div className="col-12">
          <Button type="submit" disabled={form.busy}>
            {t.saveDetails}
          </Button>
        </div>
      </div>
    </Form>
  );
}
