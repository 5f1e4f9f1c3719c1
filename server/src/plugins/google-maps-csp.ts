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

export function withGoogleMapsSources<T extends Directives>(enabled: boolean, directives: T): T {
  if (!enabled) return directives;
  const merged: Directives = { ...directives };
  for (const [name, sources] of Object.entries(mapsSources)) {
    const current = merged[name] ?? ["'self'"];
    merged[name] = [...current, ...sources.filter((source) => !current.includes(source))];
  }
  return merged as T;
}
