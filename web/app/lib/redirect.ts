const SAME = "https://same-origin.invalid";

/**
 * Where to go after signing in: only a path on this site. The address is resolved the way a
 * browser would, so "//evil.example", "/\\evil.example" or a tab inside "/\t/evil.example" cannot
 * lead to another origin.
 */
export function safeRedirect(value: string | null | undefined, fallback = "/home"): string {
  if (!value?.startsWith("/")) return fallback;
  try {
    const url = new URL(value, SAME);
    return url.origin === SAME ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}

export function loginPath(redirectTo?: string): string {
  return redirectTo ? `/login?redirect=${encodeURIComponent(redirectTo)}` : "/login";
}
