import configured from "virtual:site-config";

/**
 * The agency's identity and contact details: the deployment's site.config.json (or SITE_CONFIG)
 * over the demo agency's defaults, checked when the app is built. The one place the web app reads
 * them from.
 */
export const site = configured;

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}

export function pageTitle(page: string): string {
  return `${page} | ${site.name}`;
}

export function postalAddress(): string {
  const { street, city, postcode, country } = site.address;
  return `${street}, ${city} ${postcode}, ${country}`;
}

/** An external map of the office, for the contact page's address link and the no-key card. */
export function mapLink(): string {
  const { lat, lng } = site.map;
  return `https://www.google.com/maps/search/?api=1&query=${lat}%2C${lng}`;
}
