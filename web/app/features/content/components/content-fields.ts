import { contentEditor as t } from "../../../lib/messages";
import { invoicingSettingsForm as invoicing } from "../../../lib/messages/invoice-payments";
import type { FieldGroup } from "./content-form";

/** The site identity form's fields (SiteIdentity). */
export const identityFields: FieldGroup[] = [
  {
    fields: [
      { path: "name", label: t.name },
      { path: "tagline", label: t.tagline },
      { path: "logo", label: t.logo, kind: "image", image: "logo" },
      { path: "email", label: t.email, kind: "email" },
      { path: "phones", label: t.phones, kind: "lines" },
      { path: "address.street", label: t.street },
      { path: "address.city", label: t.city },
      { path: "address.postcode", label: t.postcode },
      { path: "address.country", label: t.country },
      { path: "map.lat", label: t.lat, kind: "number" },
      { path: "map.lng", label: t.lng, kind: "number" },
      { path: "social", label: t.social, kind: "pairs", pair: ["label", "href"] },
    ],
  },
];

const campaign = (index: number): FieldGroup => ({
  heading: t.campaign(index + 1),
  fields: [
    { path: `campaigns.${index}.eyebrow`, label: t.eyebrow },
    { path: `campaigns.${index}.heading`, label: t.sectionHeading },
    { path: `campaigns.${index}.body`, label: t.sectionBody, kind: "long" },
    { path: `campaigns.${index}.points`, label: t.points, kind: "lines" },
    { path: `campaigns.${index}.image`, label: t.sectionImage, kind: "image", image: "section" },
    { path: `campaigns.${index}.imageAlt`, label: t.imageAlt },
  ],
});

/** The page texts form's fields (PageTexts). */
export const textFields: FieldGroup[] = [
  {
    fields: [
      { path: "hero.heading", label: t.heroHeading },
      { path: "hero.callToAction", label: t.heroCallToAction },
      { path: "hero.lead", label: t.heroLead, kind: "long" },
      { path: "hero.image", label: t.heroImage, kind: "image", image: "section" },
    ],
  },
  campaign(0),
  campaign(1),
  {
    heading: t.aboutHeading,
    fields: [
      { path: "about.heading", label: t.aboutHeading },
      { path: "about.imageAlt", label: t.imageAlt },
      { path: "about.lead", label: t.aboutLead, kind: "long" },
      { path: "about.image", label: t.aboutImage, kind: "image", image: "section" },
      { path: "about.story", label: t.story, kind: "paragraphs" },
      { path: "about.values", label: t.values, kind: "pairs", pair: ["title", "body"] },
      { path: "about.numbers", label: t.numbers, kind: "pairs", pair: ["value", "label"] },
    ],
  },
];

/** The invoice terms and bank details form's fields (InvoicingSettings). */
export const invoicingFields: FieldGroup[] = [
  { fields: [{ path: "paymentTermsDays", label: invoicing.paymentTermsDays, kind: "number" }] },
  {
    heading: invoicing.bankHeading,
    fields: [
      { path: "bank.accountName", label: invoicing.accountName },
      { path: "bank.bankName", label: invoicing.bankName },
      { path: "bank.iban", label: invoicing.iban },
      { path: "bank.bic", label: invoicing.bic },
      { path: "bank.accountNumber", label: invoicing.accountNumber },
      { path: "bank.sortCode", label: invoicing.sortCode },
    ],
  },
];
