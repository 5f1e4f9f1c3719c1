/**
 * The agency's identity and contact details, in one module so a deployment can later replace them
 * with its own (the defaults describe a demo agency).
 */
export const site = {
  name: "Lumen Digital",
  tagline: "A digital-marketing agency that measures every click.",
  address: {
    street: "27 Harbour Street",
    city: "Portsmouth",
    postcode: "PO1 2AB",
  },
  phones: ["+44 23 9200 0101", "+44 23 9200 0102"],
  email: "hello@lumen.example",
  social: [
    { label: "Facebook", href: "https://www.facebook.com/" },
    { label: "Instagram", href: "https://www.instagram.com/" },
    { label: "LinkedIn", href: "https://www.linkedin.com/" },
    { label: "YouTube", href: "https://www.youtube.com/" },
  ],
} as const;

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}

export function pageTitle(page: string): string {
  return `${page} | ${site.name}`;
}
