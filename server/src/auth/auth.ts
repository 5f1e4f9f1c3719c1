import { memberMessages } from "@agency/contract";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { bearer, genericOAuth, twoFactor as twoFactorPlugin } from "better-auth/plugins";
import { and, eq, ne } from "drizzle-orm";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import {
  account,
  orders,
  payments,
  rateLimit,
  reviews,
  roleChanges,
  session,
  twoFactor,
  user,
  verification,
} from "../db/schema.js";
import type { MailBrandSource } from "../mail/layout.js";
import type { Mailer } from "../mail/mailer.js";
import { resetPasswordMail, verificationMail } from "../mail/templates.js";
import { changeEmailMail } from "./account-mails.js";
import { signInLimits } from "./sign-in-limits.js";
import { signInLinkPlugins } from "./sign-in-link.js";

/** Set by the server from the socket (or the trusted proxy); any value a client sends is replaced. */
export const CLIENT_IP_HEADER = "x-agency-client-ip";

/** Better Auth's cookies are named `agency.session_token` and so on (`__Secure-` over HTTPS). */
export const COOKIE_PREFIX = "agency";
export const MIN_PASSWORD_LENGTH = 6; // SPEC §9
const MAX_NAME_LENGTH = 200;
const NAME_RULE = `A name needs 1 to ${MAX_NAME_LENGTH} characters.`;

/** Where a confirmation link leads once the address is confirmed, unless the link names a page. */
const VERIFIED_LANDING = "/login?verified=1";

/**
 * Confirmation links mailed without a page to land on (the one re-sent when an unconfirmed account
 * tries to log in) lead to the login page with its "confirmed" message, like the sign-up mail's.
 */
function withVerifiedLanding(link: string): string {
  const url = new URL(link);
  const callback = url.searchParams.get("callbackURL");
  if (!callback || callback === "/") url.searchParams.set("callbackURL", VERIFIED_LANDING);
  return url.toString();
}

/**
 * The endpoints that take credentials or send mail, counted per client address. Everything else,
 * above all the session reads the web app makes on every page, is never limited: a busy office
 * behind one address must not be signed out.
 */
const CREDENTIAL_PATHS = [
  "/sign-in/*",
  "/sign-up/*",
  "/request-password-reset",
  "/reset-password",
  "/reset-password/*",
  "/send-verification-email",
  "/verify-email",
  "/change-password",
  "/change-email",
  // The second step of a sign-in, and turning it on and off (each takes a code or the password).
  "/two-factor/*",
  "/magic-link/*",
] as const;

/**
 * Password sign-ins are limited per account by their failures (see sign-in-limits.ts); per
 * address only by a looser cap, so an office behind one address is not shut out by one guesser.
 */
const SIGN_IN_ATTEMPTS_PER_ADDRESS_FACTOR = 3;

function credentialRateLimits({ max, windowSeconds }: { max: number; windowSeconds: number }) {
  const attempts = { window: windowSeconds, max };
  return {
    // The first match wins: the password sign-in comes before the other sign-ins.
    "/sign-in/email": { window: windowSeconds, max: max * SIGN_IN_ATTEMPTS_PER_ADDRESS_FACTOR },
    ...Object.fromEntries(CREDENTIAL_PATHS.map((path) => [path, attempts])),
    // Checked after the paths above (the first match wins).
    "/**": false as const,
  };
}

/** The tables Better Auth writes, by its model names. */
export const authSchema = { user, session, account, verification, rateLimit, twoFactor };

export type AuthOptions = {
  config: Config;
  db: Database;
  mailer: Mailer;
  secret: string;
  /** The shop's name and logo as saved in Site content when each mail is written. */
  brand: MailBrandSource;
  /** Makes the configured admin address an admin once it is verified (the users module's rule). */
  applyConfiguredAdmin: (db: Database, email: string) => Promise<unknown>;
  /**
   * Where Better Auth's own lines go: the app's log, as plugins/logging.ts `authLogger` writes them
   * (given by app.ts, which wires infrastructure; auth does not reach into the plugins).
   */
  log?: (level: "info" | "warn" | "error" | "debug", message: string, ...details: unknown[]) => void;
  /** Only the tests pass one (a cheap hash); without it Better Auth hashes with scrypt at full cost. */
  passwordHashing?: PasswordHashing;
};

/** How passwords are hashed and checked, in Better Auth's `emailAndPassword.password` shape. */
export type PasswordHashing = {
  hash: (password: string) => Promise<string>;
  verify: (data: { hash: string; password: string }) => Promise<boolean>;
};

export function createAuth({
  config,
  db,
  mailer,
  secret,
  brand,
  applyConfiguredAdmin,
  log,
  passwordHashing,
}: AuthOptions) {
  const { google, facebook, adminEmail } = config.auth;

  return betterAuth({
    appName: config.shopName,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [config.publicUrl, ...config.auth.trustedOrigins],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: authSchema,
    }),
    user: {
      additionalFields: {
        // The team role, or null for a customer (see auth/permissions.ts). Never settable through
        // sign-up or profile updates; nor is a custom role's permission list, kept beside it.
        role: { type: "string", required: false, input: false },
        permissions: { type: "string", required: false, input: false },
        lastLoginAt: { type: "date", required: false, input: false },
        // The client company and the client role in it (docs/decisions/028): given by the
        // companies module, never through sign-up or profile updates.
        companyId: { type: "string", required: false, input: false },
        companyRole: { type: "string", required: false, input: false },
      },
      // A new address is confirmed by mail to it before it replaces the old one (the link is
      // sent by sendVerificationEmail below, to the new address).
      changeEmail: { enabled: true },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      // Sign-in proves ownership of the address first; ADMIN_EMAIL depends on it.
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      ...(passwordHashing ? { password: passwordHashing } : {}),
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(resetPasswordMail(await brand(), user.email, user.name, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user: recipient, url }) => {
        // A change of address mails the new one while the account still has the old one.
        const [stored] = await db.select({ email: user.email }).from(user).where(eq(user.id, recipient.id));
        if (stored && stored.email.toLowerCase() !== recipient.email.toLowerCase()) {
          await mailer.send(changeEmailMail(await brand(), recipient.email, recipient.name, url));
          return;
        }
        const link = withVerifiedLanding(url);
        await mailer.send(verificationMail(await brand(), recipient.email, recipient.name, link));
      },
    },
    socialProviders: facebook
      ? { facebook: { clientId: facebook.clientId, clientSecret: facebook.clientSecret } }
      : {},
    plugins: [
      bearer(),
      // A code from an authenticator app, or a one-time backup code, after the password.
      twoFactorPlugin({ issuer: config.shopName }),
      ...signInLinkPlugins({
        db,
        mailer,
        brand,
        limits: signInLimits(db),
        addressHeader: CLIENT_IP_HEADER,
      }),
      ...(google
        ? [
            // Google through its OpenID Connect discovery document, so the same code path can be
            // exercised against any standard provider.
            genericOAuth({
              config: [
                {
                  providerId: "google",
                  discoveryUrl: google.discoveryUrl,
                  clientId: google.clientId,
                  clientSecret: google.clientSecret,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
    rateLimit: {
      enabled: true,
      storage: "database",
      customRules: credentialRateLimits(config.auth.rateLimit),
    },
    advanced: {
      // A session and its user in one query: every signed-in request pays for it.
      database: { joins: true },
      // The same origin checks under test as in production (Better Auth skips them when NODE_ENV=test).
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith("https://"),
      cookiePrefix: COOKIE_PREFIX,
    },
    databaseHooks: {
      user: {
        create: {
          // The configured admin's role waits for a confirmed address (an unconfirmed one from a
          // social provider must not be enough); the update hook below grants it then.
          before: async (newUser) => {
            const isConfiguredAdmin =
              adminEmail !== undefined &&
              newUser.email.toLowerCase() === adminEmail &&
              newUser.emailVerified === true;
            if (!isConfiguredAdmin) return { data: { ...newUser, role: null } };
            // The shop's first admin is its owner (docs/decisions/023).
            const [owner] = await db
              .select({ id: user.id })
              .from(user)
              .where(eq(user.role, "owner"))
              .limit(1);
            return { data: { ...newUser, role: owner ? "admin" : "owner" } };
          },
          after: async (created) => {
            const role = (created as { role?: string | null }).role;
            if (!role) return;
            await db.insert(roleChanges).values({
              actorLabel: "ADMIN_EMAIL",
              targetId: created.id,
              targetEmail: created.email,
              fromRole: null,
              toRole: role,
            });
          },
        },
        update: {
          // The profile's name, as the Edit page sends it: trimmed, neither empty nor over 200 characters.
          before: async (changes) => {
            if (typeof changes.name !== "string") return;
            const name = changes.name.trim();
            if (name.length === 0 || name.length > MAX_NAME_LENGTH) {
              throw new APIError("BAD_REQUEST", { message: NAME_RULE, code: "INVALID_NAME" });
            }
            return { data: { ...changes, name } };
          },
          after: async (updated) => {
            await followEmailChange(db, updated.id, updated.email);
            if (adminEmail && updated.emailVerified && updated.email.toLowerCase() === adminEmail) {
              await applyConfiguredAdmin(db, adminEmail);
            }
          },
        },
      },
      session: {
        create: {
          // A suspended (or removed) member of the team cannot sign in, by any method.
          before: async (created) => {
            const [holder] = await db
              .select({ suspendedAt: user.suspendedAt })
              .from(user)
              .where(eq(user.id, created.userId));
            if (holder?.suspendedAt) {
              throw new APIError("FORBIDDEN", {
                message: memberMessages.suspendedSignIn,
                code: "ACCOUNT_SUSPENDED",
              });
            }
          },
          after: async (created) => {
            await db.update(user).set({ lastLoginAt: new Date() }).where(eq(user.id, created.userId));
          },
        },
      },
    },
    telemetry: { enabled: false },
    // Its lines join the app's log, without the details that hold tokens and failed statements;
    // an unexpected failure is thrown to the app's error handler (a 500 in the API's shape).
    logger: {
      disabled: config.logLevel === "silent",
      level: "warn",
      ...(log ? { log } : {}),
    },
    onAPIError: { throw: true },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * A confirmed new address reaches the customer's orders, payments and reviews, so the admin lists
 * show and find them under it. Receipts keep the address they were issued to.
 */
async function followEmailChange(db: Database, userId: string, email: string): Promise<void> {
  for (const table of [orders, payments, reviews]) {
    await db
      .update(table)
      .set({ email })
      .where(and(eq(table.userId, userId), ne(table.email, email)));
  }
}
