import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { AuthCard } from "../../features/auth/components/auth-card";
import { LoginForm } from "../../features/auth/components/login-form";
import { SocialSignIn } from "../../features/auth/components/social-sign-in";
import { accountMessages, accountPages } from "../../lib/messages";
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
  const settings = usePageSettings();

  useEffect(() => {
    if (socialFailed) notifyFormFailure(accountMessages.socialFailed, "verification");
    else if (linkError) notifyFormFailure(accountMessages.verificationFailed, "verification");
    else if (verified) notifySuccess(accountMessages.verified, "verification");
  }, [verified, linkError, socialFailed]);

  const signUpLink = params.get("redirect")
    ? `/sign-up?redirect=${encodeURIComponent(redirectTo)}`
    : "/sign-up";
  return (
    <AuthCard title={accountPages.loginHeading}>
      <LoginForm redirectTo={redirectTo} />
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
    </AuthCard>
  );
}
