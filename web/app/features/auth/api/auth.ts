import { useMutation, useQueryClient } from "@tanstack/react-query";
import { anyAnswer, apiPost } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

export * from "./session";

export type SignUpInput = { name: string; email: string; password: string; callbackURL: string };
export type SignInInput = { email: string; password: string };

/** Creates the account and mails the confirmation link (sign-in waits for it). */
export function signUp(input: SignUpInput) {
  return apiPost("/auth/sign-up/email", anyAnswer, input);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => apiPost("/auth/sign-in/email", anyAnswer, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}

/** Ends the session on the server, then forgets everything cached for the signed-in user. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost("/auth/sign-out", anyAnswer, {}),
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] });
      queryClient.setQueryData(queryKeys.session, null);
    },
  });
}

/** Starts Google or Facebook sign-in: the server answers with the provider's address to go to. */
export async function startSocialSignIn(provider: "google" | "facebook", callbackURL: string) {
  const { url } = await apiPost("/auth/sign-in/social", (c) => c.SocialSignInRedirect, {
    provider,
    callbackURL,
    errorCallbackURL: "/login?social=failed",
  });
  window.location.assign(url);
}

export function requestPasswordReset(email: string) {
  return apiPost("/auth/request-password-reset", anyAnswer, { email, redirectTo: "/reset__password" });
}

export function resetPassword(token: string, newPassword: string) {
  return apiPost("/auth/reset-password", anyAnswer, { token, newPassword });
}
