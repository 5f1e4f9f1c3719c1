import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { AuthCard } from "../../features/auth/components/auth-card";
import { LoginForm } from "../../features/auth/components/login-form";
import { SocialSignIn } from "../../features/auth/components/social-sign-in";
import { useAfterSignIn } from "../../features/two-factor/api/two-factor";
import { CodeStep } from "../../features/two-factor/components/code-step";
import { LockedAccount } from "../../features/two-factor/components/locked-account";
import { accountMessages, accountPages } from "../../lib/messages";
import { twoFactorPage } from "../../lib/messages/two-factor";
import { pageMeta } from "../../lib/meta";
import { safeRedirect } from "../../lib/redirect";
import { siteOf, usePageSettings } from "../../lib/site";
import { notifyFormFailure, notifySuccess } from "../../lib/toast";
import type { Route } from "./+types/login";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    site: siteOf(matches),
    title: "Login",
    description: "Log in to follow your orders, payments and reviews.",
    canonicalPath: "/login",
  });
}

export default function Login() {
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get("redirect"));
  const verified = params.get("verified");
  const linkError = params.get("error");
  const socialFailed = params.get("social") === "failed";
  const signInLinkFailed = params.get("signin-link") === "failed";
  const settings = usePageSettings();
  // A right password (or a mailed sign-in link) of an account with two-factor sign-in asks for a code.
  const [codeAsked, setCodeAsked] = useState(params.get("two-factor") === "1");
  const [lockedEmail, setLockedEmail] = useState<string | null>(null);
  const afterSignIn = useAfterSignIn(redirectTo);

  useEffect(() => {
    if (signInLinkFailed) notifyFormFailure(twoFactorPage.linkFailed, "verification");
    else if (socialFailed) notifyFormFailure(accountMessages.socialFailed, "verification");
    else if (linkError) notifyFormFailure(accountMessages.verificationFailed, "verification");
    else if (verified) notifySuccess(accountMessages.verified, "verification");
  }, [verified, linkError, socialFailed, signInLinkFailed]);

  const signUpLink = params.get("redirect")
    ? `/sign-up?redirect=${encodeURIComponent(redirectTo)}`
    : "/sign-up";
  return (
    <AuthCard title={accountPages.loginHeading}>
      {codeAsked ? <CodeStep onSignedIn={afterSignIn} onStartOver={() => setCodeAsked(false)} /> : null}
      <div hidden={codeAsked}>
        <LoginForm
          redirectTo={redirectTo}
          onSignedIn={afterSignIn}
          onCodeAsked={() => setCodeAsked(true)}
          onLocked={setLockedEmail}
        />
        {lockedEmail ? <LockedAccount email={lockedEmail} redirectTo={redirectTo} /> : null}
        <div className="text-end mt-2">
          <Link to="/forgot__password" className="small">
            {accountPages.forgotPassword}
          </Link>
        </div>
        <SocialSignIn callbackURL={redirectTo} configured={settings.socialSignIn} />
        <p className="text-center mt-4 mb-1">
          {accountPages.noAccount} <Link to={signUpLink}>{accountPages.createAccount}</Link>
        </p>
        <p className="text-center small mb-0">
          <Link to="/privacy__policy">{accountPages.privacy}</Link>
        </p>
      </div>
    </AuthCard>
  );
}
