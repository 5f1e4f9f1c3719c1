import type { SiteSettings } from "@agency/contract";
import { Button } from "react-bootstrap";
import { errorMessage } from "../../../lib/api";
import { accountPages } from "../../../lib/messages";
import { notifyError } from "../../../lib/toast";
import { startSocialSignIn } from "../api/auth";

const providers = [
  { id: "google", label: accountPages.google },
  { id: "facebook", label: accountPages.facebook },
] as const;

/**
 * Google and Facebook sign-in, each only when the shop has its keys (`configured`, from the site
 * settings; undefined while they load). With neither, nothing shows, not even the "or" rule.
 */
export function SocialSignIn({
  callbackURL,
  configured,
}: {
  callbackURL: string;
  configured: SiteSettings["socialSignIn"] | undefined;
}) {
  const offered = providers.filter((provider) => configured?.[provider.id]);
  if (offered.length === 0) return null;

  async function signInWith(provider: (typeof providers)[number]["id"]) {
    try {
      await startSocialSignIn(provider, callbackURL);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  return (
    <>
      <div className="d-flex align-items-center gap-2 my-4 text-body-secondary small">
        <hr className="flex-grow-1" />
        {accountPages.or}
        <hr className="flex-grow-1" />
      </div>
      <div className="d-grid gap-2">
        {offered.map((provider) => (
          <Button key={provider.id} variant="outline-secondary" onClick={() => void signInWith(provider.id)}>
            {provider.label}
          </Button>
        ))}
      </div>
    </>
  );
}
