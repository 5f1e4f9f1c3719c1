import { createHash } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { generateRandomString } from "better-auth/crypto";
import { magicLink } from "better-auth/plugins";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { user } from "../db/schema.js";
import type { MailBrand, MailBrandSource, OutgoingMail } from "../mail/layout.js";
import type { Mailer } from "../mail/mailer.js";
import { accountMail } from "../mail/templates.js";
import type { SignInLimits } from "./sign-in-limits.js";

/** How long a mailed sign-in link works. */
const SIGN_IN_LINK_MINUTES = 15;
/** Where the link leads when it cannot be used (expired, used already): the login page says so. */
export const SIGN_IN_LINK_FAILED = "/login?signin-link=failed";
/** Where an account with two-factor sign-in lands from its link: the login page's code step. */
const SIGN_IN_LINK_CODE_STEP = "/login?two-factor=1";

// The two-factor plugin's names for its sign-in challenge (better-auth 1.7, plugins/two-factor).
const TWO_FACTOR_COOKIE = "two_factor";
const TWO_FACTOR_CHALLENGE_SECONDS = 600;

function signInLinkMail(brand: MailBrand, to: string, name: string, link: string): OutgoingMail {
  return accountMail(brand, {
    to,
    name,
    subject: `Your sign-in link for ${brand.name}`,
    lines: [
      `Your ${brand.name} account is locked for now after too many wrong passwords, and someone asked for a link to sign in without one. The link works once, within ${SIGN_IN_LINK_MINUTES} minutes.`,
      "If it was not you, ignore this mail, and consider changing your password: someone may be guessing it.",
    ],
    link,
    action: "Sign in",
  });
}

type Options = {
  db: Database;
  mailer: Mailer;
  brand: MailBrandSource;
  limits: SignInLimits;
  /** The request header that carries the client address the server saw. */
  addressHeader: string;
};

/**
 * The way in for an account locked by failed passwords: a one-time link mailed to its address
 * (Better Auth's magic link). The link is mailed only to an existing account that is locked for the
 * address asking, so it never becomes a way to sign up or a way around a working password; the
 * answer is the same whatever the address, so it tells nobody whether an account exists. Tokens are
 * kept hashed, expire, and are spent by their first use.
 */
export function signInLinkPlugins({ db, mailer, brand, limits, addressHeader }: Options): BetterAuthPlugin[] {
  return [
    magicLink({
      disableSignUp: true,
      storeToken: "hashed",
      expiresIn: SIGN_IN_LINK_MINUTES * 60,
      sendMagicLink: async ({ email, url }, ctx) => {
        const [holder] = await db
          .select({ email: user.email, name: user.name, suspendedAt: user.suspendedAt })
          .from(user)
          .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
        if (!holder || holder.suspendedAt) return;
        const address = ctx?.request?.headers.get(addressHeader) ?? ctx?.headers?.get(addressHeader);
        if (!address || (await limits.waitSeconds(address, email)) === 0) return;
        await mailer.send(signInLinkMail(await brand(), holder.email, holder.name, url));
      },
    }),
    linkAsksForSecondFactor(),
  ];
}

/** The magic-link plugin keeps `magic-link:<token digest>` with `storeToken: "hashed"`. */
function storedIdentifier(token: string): string {
  return `magic-link:${createHash("sha256").update(token).digest("base64url")}`;
}

/**
 * The link replaces the password, not the second factor: for an account with two-factor sign-in,
 * opening it spends it and starts the same code step a right password starts, instead of signing in.
 */
function linkAsksForSecondFactor(): BetterAuthPlugin {
  return {
    id: "sign-in-link-second-factor",
    hooks: {
      before: [
        {
          matcher: (context) => context.path === "/magic-link/verify",
          handler: createAuthMiddleware(async (ctx) => {
            const token = ctx.query?.token;
            if (typeof token !== "string" || token === "") return;
            const identifier = storedIdentifier(token);
            const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
            if (!pending) return; // the link's own handler answers "invalid"
            const email = emailOf(pending.value);
            const holder = email ? (await ctx.context.internalAdapter.findUserByEmail(email))?.user : null;
            if (!holder || !(holder as { twoFactorEnabled?: boolean }).twoFactorEnabled) return;
            const spent = await ctx.context.internalAdapter.consumeVerificationValue(identifier);
            if (!spent) return;
            const expiresAt = new Date(Date.now() + TWO_FACTOR_CHALLENGE_SECONDS * 1000);
            const challenge = `2fa-${generateRandomString(20)}`;
            await ctx.context.internalAdapter.createVerificationValue({
              value: holder.id,
              identifier: challenge,
              expiresAt,
            });
            await ctx.context.internalAdapter.createVerificationValue({
              value: "0",
              identifier: `2fa-attempts-${challenge}`,
              expiresAt,
            });
            const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, {
              maxAge: TWO_FACTOR_CHALLENGE_SECONDS,
            });
            await ctx.setSignedCookie(cookie.name, challenge, ctx.context.secret, cookie.attributes);
            const target = new URL(SIGN_IN_LINK_CODE_STEP, "http://shop");
            const callback = ctx.query?.callbackURL;
            if (typeof callback === "string" && callback.startsWith("/") && !callback.startsWith("//")) {
              target.searchParams.set("redirect", callback);
            }
            throw ctx.redirect(`${target.pathname}${target.search}`);
          }),
        },
      ],
    },
  };
}

function emailOf(value: string): string | undefined {
  try {
    const parsed = JSON.parse(value) as { type?: unknown; email?: unknown };
    return parsed.type === "magic-link" && typeof parsed.email === "string" ? parsed.email : undefined;
  } catch {
    return undefined;
  }
}
