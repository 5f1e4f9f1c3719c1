// The owner's content editor (site identity and page texts) and image uploads.

export const contentEditor = {
  menu: "Site content",
  heading: "Site content",
  lead: "The shop's name, logo and contact details, and the texts of the landing and about pages. Changes show on the site at once.",
  loadFailed: "We couldn't load the site content.",
  identityHeading: "Site identity",
  name: "Shop name",
  tagline: "Tagline",
  logo: "Logo",
  email: "Email",
  phones: "Phone numbers (one a line, up to four)",
  street: "Street",
  city: "City",
  postcode: "Postcode",
  country: "Country",
  lat: "Map latitude",
  lng: "Map longitude",
  social: "Social links (one a line: Label | https://…)",
  saveIdentity: "Save site identity",
  identitySaved: "The site identity is saved.",
  textsHeading: "Page texts",
  heroHeading: "Landing hero heading",
  heroLead: "Landing hero text",
  heroCallToAction: "Landing hero button",
  heroImage: "Landing hero picture",
  campaign: (number: number) => `Campaign section ${number}`,
  eyebrow: "Label above the heading",
  sectionHeading: "Heading",
  sectionBody: "Text",
  points: "Points (one a line)",
  sectionImage: "Picture",
  imageAlt: "Picture description (for screen readers)",
  aboutHeading: "About page heading",
  aboutLead: "About page introduction",
  aboutImage: "About page picture",
  story: "Our story (paragraphs separated by an empty line; {name} is the shop's name)",
  values: "What we believe (one a line: Title | text)",
  numbers: "In numbers (one a line: 120+ | label)",
  saveTexts: "Save page texts",
  textsSaved: "The page texts are saved.",
  fixFields: "Please correct the marked fields.",
  lineFormat: "Write each line as: first part | second part",
} as const;

export const imageUpload = {
  choose: "Upload a picture",
  uploading: "Uploading…",
  uploaded: "The picture is uploaded.",
  preview: "Preview",
  tooLarge: "The picture is too large.",
} as const;

/** The shop's currency, on the Site content page. */
export const currencyEditor = {
  heading: "Shop currency",
  lead: "The currency the shop sells in and how its amounts are written. Set it before the first sale.",
  loadFailed: "We couldn't load the shop's currency.",
  currency: "Currency",
  locale: "Amounts written as in (locale)",
  localeHelp: "A language and region, e.g. en-US, en-GB or de-DE.",
  preview: (example: string) => `Prices will read: ${example}`,
  /** Shown beside the field once a payment was taken. */
  afterSales: (current: string) =>
    `Sales were made in ${current} already. A new currency applies to new prices only: orders, payments, renewals and receipts keep the currency they were made in, and nothing is converted. The catalog's prices keep their amounts, so check them after a change.`,
  save: "Save currency",
  saved: "The shop's currency is saved.",
} as const;
