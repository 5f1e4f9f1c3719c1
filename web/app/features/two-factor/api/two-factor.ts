import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { anyAnswer, apiGet, apiPost, apiPut } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

/** Where a mailed sign-in link leads when it cannot be used; the login page says why. */
const SIGN_IN_LINK_FAILED = "/login?signin-link=failed";

const twoFactorStatusQueryOptions = queryOptions({
  queryKey: queryKeys.twoFactor,
  queryFn: ({ signal }) => apiGet("/two-factor", (c) => c.TwoFactorStatus, { signal }),
});

/** The signed-in person's two-factor sign-in, and whether the shop requires it of them. */
export function useTwoFactorStatus(enabled = true) {
  return useQuery({ ...twoFactorStatusQueryOptions, enabled });
}

/** Turning it on, off, or making new backup codes renews the session: both are read again. */
function useRefreshAccount() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.session }),
      queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor }),
    ]);
}

/** First step of turning it on: the password; the answer holds the app's address and backup codes. */
export function useStartTwoFactor() {
  return useMutation({
    mutationFn: (password: string) =>
      apiPost("/auth/two-factor/enable", (c) => c.TwoFactorSetup, { password }),
  });
}

/** Second step: a first code from the app proves it is set up, and turns it on. */
export function useConfirmTwoFactor() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (code: string) => apiPost("/auth/two-factor/verify-totp", anyAnswer, { code }),
    onSuccess: refresh,
  });
}

export function useTurnOffTwoFactor() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (password: string) => apiPost("/auth/two-factor/disable", anyAnswer, { password }),
    onSuccess: refresh,
  });
}

export function useNewBackupCodes() {
  return useMutation({
    mutationFn: (password: string) =>
      apiPost("/auth/two-factor/generate-backup-codes", (c) => c.BackupCodes, { password }),
  });
}

/**
 * The login page's second step, with the challenge the password (or a mailed link) started: six
 * digits are the app's code, anything longer a backup code.
 */
export function useSignInCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => {
      const compact = code.replace(/\s+/g, "");
      const kind = /^\d{6}$/.test(compact) ? "verify-totp" : "verify-backup-code";
      return apiPost(`/auth/two-factor/${kind}`, anyAnswer, {
        code: kind === "verify-totp" ? compact : code.trim(),
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}

/** Asks for a one-time sign-in link to a locked account's address; the answer is the same for every address. */
export function useSignInLink() {
  return useMutation({
    mutationFn: ({ email, callbackURL }: { email: string; callbackURL: string }) =>
      apiPost("/auth/sign-in/magic-link", anyAnswer, {
        email,
        callbackURL,
        errorCallbackURL: SIGN_IN_LINK_FAILED,
      }),
  });
}

const teamTwoFactorQueryOptions = queryOptions({
  queryKey: queryKeys.team.twoFactor,
  queryFn: ({ signal }) => apiGet("/team/two-factor", (c) => c.TeamTwoFactor, { signal }),
});

export function useTeamTwoFactor() {
  return useQuery(teamTwoFactorQueryOptions);
}

/** The owner's calls: the requirement for the team, and resetting a member's second factor. */
export function useTeamTwoFactorActions() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: queryKeys.team.twoFactor });
  return {
    require: useMutation({
      mutationFn: (required: boolean) => apiPut("/team/two-factor", (c) => c.ModifiedCount, { required }),
      onSettled,
    }),
    reset: useMutation({
      mutationFn: (id: string) =>
        apiPost(`/team/members/${encodeURIComponent(id)}/two-factor/reset`, (c) => c.ModifiedCount, {}),
      onSettled,
    }),
  };
}

/** The signed-in person's requirement, read afresh: a member who must set it up is sent to do so. */
export const SET_UP_PAGE = "/dashboard/two-factor?required=1";

export function useAfterSignIn(redirectTo: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    let target = redirectTo;
    try {
      const status = await queryClient.fetchQuery({ ...twoFactorStatusQueryOptions, staleTime: 0 });
      if (status.required && !status.enabled) target = SET_UP_PAGE;
    } catch {
      // The team pages send such a member there anyway (the server refuses their calls).
    }
    navigate(target, { replace: true });
  };
}
