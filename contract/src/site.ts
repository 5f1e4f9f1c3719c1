import { z } from "zod";

/**
 * The agency's identity: name, logo, address, phones, e-mail, map coordinate and social links.
 * A deployment sets its own in `site.config.json` (or the file named by SITE_CONFIG); whatever it
 * leaves out keeps the demo agency's value below. The web build reads it, because the public
 * pages are prerendered with these details in them.
 */
export const defaultSite = {
  name: "Lumen Digital",
  tagline: "A digital-marketing agency that measures every click.",
  logo: "/images/logo.svg",
  address: {
    street: "27 Harbour Street",
    city: "Portsmouth",
    postcode: "PO1 2AB",
    country: "United Kingdom",
  },
  phones: ["+44 23 9200 0101", "+44 23 9200 0102"],
  email: "hello@lumen.example",
  map: { lat: 50.7989, lng: -1.0912 },
  social: [
    { label: "Facebook", href: "https://www.facebook.com/" },
    { label: "Instagram", href: "https://www.instagram.com/" },
    { label: "LinkedIn", href: "https://www.linkedin.com/" },
    { label: "YouTube", href: "https://www.youtube.com/" },
  ],
};

const text = z.string().trim().min(1);
const link = z
  .string()
  .trim()
  .regex(/^(https?:\/\/|\/)/, "must start with http://, https:// or /");

export const SiteConfig = z
  .object({
    name: text.default(defaultSite.name),
    tagline: text.default(defaultSite.tagline),
    /** A path under web/public (e.g. "/images/logo.svg") or an absolute URL. */
    logo: link.default(defaultSite.logo),
    address: z
      .object({ street: text, city: text, postcode: text, country: text })
      .default(defaultSite.address),
    /** The contact page shows the first two. */
    phones: z.array(text).min(1).max(4).default(defaultSite.phones),
    email: z.email().default(defaultSite.email),
    /** Centre of the contact page's map. */
    map: z
      .object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) })
      .default(defaultSite.map),
    social: z
      .array(z.object({ label: text, href: z.url({ protocol: /^https?$/ }) }))
      .max(8)
      .default(defaultSite.social),
  })
  .strict();
export type SiteConfig = z.infer<typeof SiteConfig>;

/** Settings the browser needs at run time, from the server's environment (`GET /api/site`). */
export const SiteSettings = z
  .object({
    /** A browser key for the Maps JavaScript API; null shows an address card instead of the map. */
    googleMapsApiKey: z.string().nullable(),
    /** The social sign-in providers whose keys are set; the login and sign-up pages offer only these. */
    socialSignIn: z.object({ google: z.boolean(), facebook: z.boolean() }),
    /**
     * Set while the built-in test payment provider takes the payments (nobody is charged), so the
     * dashboards can say so; null with a real provider.
     */
    testMode: z
      .object({
        /** The Test tools page and its API exist (test mode outside production). */
        testTools: z.boolean(),
        /** How many whole days the billing clock runs ahead of the real date (0: not moved). */
        clockAheadDays: z.number().int().nonnegative(),
      })
      .nullable()
      .default(null),
  })
  .meta({ id: "SiteSettings" });
export type SiteSettings = z.infer<typeof SiteSettings>;
