/**
 * Where to go after signing in: only a path on this site, never another origin
 * ("//evil.example" and "/\\evil.example" are other origins to a browser).
 */
export function safeRedirect(value: string | null | undefined, fallback = "/home"): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}

export function loginPath(redirectTo?: string): string {
  return redirectTo ? `/login?redirect=${encodeURIComponent(redirectTo)}` : "/login";
}
