import type { FastifyRequest } from "fastify";
import { COOKIE_PREFIX } from "./auth.js";
import type { SignedIn } from "./session-user.js";

/**
 * How long a verified session is trusted without asking the database again. Sign-out, password
 * changes, role changes and every other auth call empty this instance's cache at once; on other
 * instances of a PostgreSQL deployment they take effect within this time.
 */
export const sessionCacheMs = 5_000;
const maxEntries = 10_000;

const sessionCookie = new RegExp(`(?:^|;\\s*)((?:__Secure-)?${COOKIE_PREFIX}\\.session_token=[^;]*)`);

/** The signed session cookie the request carries ("name=value"), if any. */
export function sessionCookieOf(request: FastifyRequest): string | undefined {
  return sessionCookie.exec(request.headers.cookie ?? "")?.[1];
}

/** What proves the caller's session: its bearer token or its signed session cookie, or nothing. */
export function sessionCredential(request: FastifyRequest): string | undefined {
  const bearer = request.headers.authorization;
  const cookie = sessionCookieOf(request);
  return bearer || cookie ? `${bearer ?? ""}|${cookie ?? ""}` : undefined;
}

type Entry = { until: number; value: Promise<SignedIn | null> };

/**
 * Sessions verified in the last few seconds, by the exact credential that proved them. A customer
 * who makes several calls in a row (a page and its lists, a checkout) pays for one lookup: the
 * signature check and the database read are most of what a signed-in call costs. Only sessions
 * that exist are kept, and never past their own expiry.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  read(credential: string, load: () => Promise<SignedIn | null>): Promise<SignedIn | null> {
    const now = Date.now();
    const kept = this.entries.get(credential);
    if (kept && kept.until > now) return kept.value;
    if (this.entries.size >= maxEntries) this.clear();
    const value = load();
    const entry: Entry = { until: now + sessionCacheMs, value };
    this.entries.set(credential, entry);
    value.then(
      (signedIn) => {
        if (!signedIn) this.forget(credential, entry);
        else entry.until = Math.min(entry.until, new Date(signedIn.session.expiresAt).getTime());
      },
      () => this.forget(credential, entry),
    );
    return value;
  }

  clear() {
    this.entries.clear();
  }

  private forget(credential: string, entry: Entry) {
    if (this.entries.get(credential) === entry) this.entries.delete(credential);
  }
}
