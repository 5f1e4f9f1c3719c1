import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { bearer, genericOAuth } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import { account, rateLimit, roleChanges, session, user, verification } from "../db/schema.js";
import type { Mailer } from "../mail/mailer.js";
import { resetPasswordMail, verificationMail } from "../mail/templates.js";
import { applyConfiguredAdmin } from "../modules/users/roles.js";

/** Set by the server from the socket (or the trusted proxy); any value a client sends is replaced. */
export const CLIENT_IP_HEADER = "x-agency-client-ip";

export const MIN_PASSWORD_LENGTH = 6; // SPEC §9

export type AuthOptions = { config: Config; db: Database; mailer: Mailer; secret: string };

export function createAuth({ config, db, mailer, secret }: AuthOptions) {
  const { google, facebook, adminEmail, rateLimitMax } = config.auth;
  const attempts = { window: 60, max: rateLimitMax };

  return betterAuth({
    appName: config.shopName,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [config.publicUrl, ...config.auth.trustedOrigins],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit },
    }),
    user: {
      additionalFields: {
        // "admin" or null (SPEC §3). Never settable through sign-up or profile updates.
        role: { type: "string", required: false, input: false },
        lastLoginAt: { type: "date", required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      // Sign-in proves ownership of the address first; ADMIN_EMAIL depends on it.
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(resetPasswordMail(config.shopName, user.email, user.name, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(verificationMail(config.shopName, user.email, user.name, url));
      },
    },
    socialProviders: facebook
      ? { facebook: { clientId: facebook.clientId, clientSecret: facebook.clientSecret } }
      : {},
    plugins: [
      bearer(),
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
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": attempts,
        "/sign-up/email": attempts,
        "/request-password-reset": attempts,
        "/reset-password": attempts,
        "/send-verification-email": attempts,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith("https://"),
      cookiePrefix: "agency",
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
            return { data: { ...newUser, role: isConfiguredAdmin ? "admin" : null } };
          },
          after: async (created) => {
            if ((created as { role?: string | null }).role !== "admin") return;
            await db.insert(roleChanges).values({
              actorLabel: "ADMIN_EMAIL",
              targetId: created.id,
              targetEmail: created.email,
              fromRole: null,
              toRole: "admin",
            });
          },
        },
        update: {
          after: async (updated) => {
            if (adminEmail && updated.emailVerified && updated.email.toLowerCase() === adminEmail) {
              await applyConfiguredAdmin(db, adminEmail);
            }
          },
        },
      },
      session: {
        create: {
          after: async (created) => {
            await db.update(user).set({ lastLoginAt: new Date() }).where(eq(user.id, created.userId));
          },
        },
      },
    },
    telemetry: { enabled: false },
    logger: { disabled: config.logLevel === "silent", level: "warn" },
  });
}

export type Auth = ReturnType<typeof createAuth>;
