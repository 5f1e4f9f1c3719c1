import { Button } from "react-bootstrap";
import { errorMessage } from "../../../lib/api";
import { accountMessages, accountPages } from "../../../lib/messages";
import { notifyError } from "../../../lib/toast";
import { startSocialSignIn, useSignInOptions } from "../api/account-calls";

const providers = [
  { id: "google", label: accountPages.google, name: "Google" },
  { id: "facebook", label: accountPages.facebook, name: "Facebook" },
] as const;

/** Google and Facebook buttons; a provider this shop has not configured says so instead of failing. */
export function SocialSignIn({ callbackURL }: { callbackURL: string }) {
  const options = useSignInOptions();

  async function signInWith(provider: (typeof providers)[number]) {
    if (!options.data?.[provider.id]) {
      notifyError(accountMessages.providerNotConfigured(provider.name));
      return;
    }
    try {
      await startSocialSignIn(provider.id, callbackURL);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  return (
    <div className="d-grid gap-2">
      {providers.map((provider) => (
        <Button
          key={provider.id}
          variant="outline-secondary"
          onClick={() => void signInWith(provider)}
          disabled={options.isPending}
        >
          {provider.label}
        </Button>
      ))}
    </div>
  );
}
