type Directives = Record<string, string[] | null>;

/**
 * Origins the Maps JavaScript API loads from (Google's allowlist guide for the Maps API). They are
 * added only when a key is configured, so a shop without a map allows none of them.
 */
const mapsSources: Record<string, string[]> = {
  // The API evaluates code it downloads and starts workers from blob: URLs.
  scriptSrc: [
    "https://*.googleapis.com",
    "https://*.gstatic.com",
    "*.google.com",
    "https://*.ggpht.com",
    "*.googleusercontent.com",
    "'unsafe-eval'",
    "blob:",
  ],
  imgSrc: ["https://*.googleapis.com", "https://*.gstatic.com", "*.google.com", "*.googleusercontent.com"],
  connectSrc: ["https://*.googleapis.com", "*.google.com", "https://*.gstatic.com", "data:", "blob:"],
  fontSrc: ["https://fonts.gstatic.com"],
  styleSrc: ["https://fonts.googleapis.com"],
  frameSrc: ["*.google.com"],
  workerSrc: ["blob:"],
};

/** Stripe.js and its card fields (Stripe's CSP guide), added only when Stripe is configured. */
export const stripeSources: Record<string, string[]> = {
  scriptSrc: ["https://js.stripe.com"],
  frameSrc: ["https://js.stripe.com", "https://hooks.stripe.com"],
  connectSrc: ["https://api.stripe.com"],
  imgSrc: ["https://*.stripe.com"],
};

export function withGoogleMapsSources<T extends Directives>(enabled: boolean, directives: T): T {
  return enabled ? withSources(mapsSources, directives) : directives;
}

/** Adds a third party's origins to the CSP directives, keeping each directive free of repeats. */
export function withSources<T extends Directives>(extra: Record<string, string[]>, directives: T): T {
  const merged: Directives = { ...directives };
  for (const [name, sources] of Object.entries(extra)) {
    const current = merged[name] ?? ["'self'"];
    merged[name] = [...current, ...sources.filter((source) => !current.includes(source))];
  }
  return merged as T;
}
