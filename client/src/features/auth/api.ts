import { useQuery } from '@tanstack/react-query';
import type { LoginInput, PublicUser, RegisterInput, RegisteredAccount } from '@common/contracts/auth';
import type { ChangePasswordInput } from '@common/contracts/users';
import { apiRequest } from '@/lib/api';
import { rememberSignOut, sendPendingSignOut } from '@/lib/pending-sign-out';
import { clearOfflineCopies } from '@/offline/caches';
import { forgetSignedInUser, queryClient } from '@/lib/query-client';
import { currentUserQuery } from '@/lib/session';
import { settingsQuery, ssoStatusQuery } from '@/lib/shared-queries';
import { SSO_START_PATH } from '@common/sso';
import { useApiMutation } from '@/lib/use-api-mutation';
import { t } from '@lingui/core/macro';

const greetingName = (user: PublicUser) => user.firstName || user.username;

/** After login the cache (and any offline copy) is cleared, the user stored, and the page reloads after 100 ms. */
export const useLogin = () =>
  useApiMutation({
    mutationFn: async (input: LoginInput) => {
      // A sign-out made offline reaches the server before a new session is asked for.
      await sendPendingSignOut();
      return (await apiRequest('POST', '/api/login', input)).json() as Promise<PublicUser>;
    },
    onSuccess: (user) => {
      queryClient.clear();
      queryClient.setQueryData(currentUserQuery.queryKey, user);
      const cleared = clearOfflineCopies();
      setTimeout(() => void cleared.finally(() => window.location.reload()), 100);
    },
    success: (user) => {
      const name = greetingName(user);
      return t`Welcome back, ${name}!`;
    },
    failure: { title: t`Login failed`, fallback: t`Login failed` },
  });

/** A new account waits for an administrator's approval: no session, and the server's sentence says so. */
export const useRegister = () =>
  useApiMutation({
    mutationFn: async (input: RegisterInput) => (await apiRequest('POST', '/api/register', input)).json() as Promise<RegisteredAccount>,
    onSuccess: (account) => {
      if (!account.awaitingApproval) queryClient.setQueryData(currentUserQuery.queryKey, account);
    },
    success: (account) => {
      if (account.awaitingApproval) return account.message;
      const name = greetingName(account);
      return t`Welcome to the product, ${name}!`;
    },
    failure: { title: t`Registration failed`, fallback: t`Registration failed` },
  });

/**
 * Signing out always works, link or not: the sign-out is remembered, then everything of this
 * user goes at once (the screens on show leave, cached answers, offline copies, queued
 * attestations), then the server is told, now or when the link returns (pending-sign-out.ts).
 */
export const useLogout = () =>
  useApiMutation({
    mutationFn: async () => {
      rememberSignOut();
      await forgetSignedInUser();
      await sendPendingSignOut();
    },
    success: t`You have been logged out`,
    failure: { title: t`Logout failed`, fixed: t`Logout failed` },
  });

/** Open unless the server says it is closed (an unreachable server shows the usual form). */
export function useRegistrationOpen() {
  const { data } = useQuery(settingsQuery);
  return data?.registrationOpen !== false;
}

export const useChangePassword = () =>
  useApiMutation({
    mutationFn: (input: ChangePasswordInput) => apiRequest('POST', '/api/user/password', input),
    success: t`Password changed. Your other sessions have been signed out.`,
    failure: { fallback: t`Failed to change password` },
  });

/** The identity provider's name when the server offers it, else null. */
export function useSsoProvider(): string | null {
  const { data } = useQuery(ssoStatusQuery);
  return data?.configured ? data.name : null;
}

/** As before a password sign-in: a sign-out made offline and the last person's offline copies go first; then off to the provider. */
export async function startSsoSignIn() {
  await sendPendingSignOut();
  await clearOfflineCopies();
  window.location.assign(SSO_START_PATH);
}
