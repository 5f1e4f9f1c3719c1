import configured from "virtual:site-config";
import { SiteConfig } from "@agency/contract";

function load(): SiteConfig {
  const parsed = SiteConfig.safeParse(configured);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map(
    (issue) => `  ${issue.path.join(".") || "(file)"}: ${issue.message}`,
  );
  throw new Error(`The site configuration (site.config.json) is not valid:\n${problems.join("\n")}`);
}

/**
 * The agency's identity and contact details: the deployment's site.config.json (or SITE_CONFIG)
 * over the demo agency's defaults. The one place the web app reads them from.
 */
export const site = load();

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
