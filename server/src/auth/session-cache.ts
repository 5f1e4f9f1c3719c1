import type { FastifyRequest } from "fastify";
import { COOKIE_PREFIX } from "./auth.js";
import type { SignedIn } from "./session-user.js";

/**
 * How long a verified session (or API key) is trusted without asking the database again.
 * Sign-out, password changes, role changes, revoking a key and every other auth call empty this
 * instance's cache at once; on other instances of a PostgreSQL deployment they take effect within
 * this time.
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

type Entry = { until: number; value: Promise<unknown> };

/**
 * Sessions verified in the last few seconds, by the exact credential that proved them. A customer
 * who makes several calls in a row (a page and its lists, a checkout) pays for one lookup: the
 * signature check and the database read are most of what a signed-in call costs. Only sessions
 * that exist are kept, and never past their own expiry. API keys' records are kept here too (by
 * the key's hash), so whatever empties the sessions empties them as well.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  read(credential: string, load: () => Promise<SignedIn | null>): Promise<SignedIn | null> {
    return this.remember(credential, load, (signedIn) => signedIn.session.expiresAt);
  }

  /** An API key's record by the key's hash (see auth/api-keys.ts). */
  readApiKey<T>(keyHash: string, load: () => Promise<T | null>): Promise<T | null> {
    // Session credentials always hold a "|": this key cannot be one of theirs.
    return this.remember(`api-key:${keyHash}`, load, () => null);
  }

  clear() {
    this.entries.clear();
  }

  private remember<T>(
    credential: string,
    load: () => Promise<T | null>,
    expiresAt: (value: T) => Date | null,
  ): Promise<T | null> {
    const now = Date.now();
    const kept = this.entries.get(credential);
    if (kept && kept.until > now) return kept.value as Promise<T | null>;
    if (this.entries.size >= maxEntries) this.clear();
    const value = load();
    const entry: Entry = { until: now + sessionCacheMs, value };
    this.entries.set(credential, entry);
    value.then(
      (found) => {
        if (!found) this.forget(credential, entry);
        else {
          const end = expiresAt(found);
          if (end) entry.until = Math.min(entry.until, new Date(end).getTime());
        }
      },
      () => this.forget(credential, entry),
    );
    return value;
  }

  private forget(credential: string, entry: Entry) {
    if (this.entries.get(credential) === entry) this.entries.delete(credential);
  }
}
