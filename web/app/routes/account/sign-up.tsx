import { Link, useSearchParams } from "react-router";
import { AuthCard } from "../../features/auth/components/auth-card";
import { SignUpForm } from "../../features/auth/components/sign-up-form";
import { SocialSignIn } from "../../features/auth/components/social-sign-in";
import { accountPages } from "../../lib/messages";
import { pageMeta } from "../../lib/meta";
import { safeRedirect } from "../../lib/redirect";
import { siteOf, usePageSettings } from "../../lib/site";
import type { Route } from "./+types/sign-up";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    site: siteOf(matches),
    title: "Sign Up",
    description: "Create your account to buy a plan and follow your orders.",
    canonicalPath: "/sign-up",
  });
}

export default function SignUp() {
  const [params] = useSearchParams();
  const redirect = params.get("redirect");
  const redirectTo = redirect ? safeRedirect(redirect) : undefined;
  const settings = usePageSettings();
  return (
    <AuthCard title={accountPages.signUpHeading}>
      <SignUpForm redirectTo={redirectTo} />
      <SocialSignIn callbackURL={safeRedirect(redirect)} configured={settings.socialSignIn} />
      <p className="text-center mt-4 mb-0">
        {accountPages.haveAccount}{" "}
        <Link to={redirectTo ? `/login?redirect=${encodeURIComponent(redirectTo)}` : "/login"}>
          {accountPages.loginLink}
        </Link>
      </p>
    </AuthCard>
  );
}
