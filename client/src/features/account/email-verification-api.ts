import { t } from '@lingui/core/macro';
import { queryOptions } from '@tanstack/react-query';
import type { EmailVerificationState } from '@common/contracts/email-verification';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useApiMutation } from '@/lib/use-api-mutation';

export const emailVerificationQuery = queryOptions<EmailVerificationState>({ queryKey: queryKeys.emailVerification() });

/** Mails a new link to confirm the address (the server limits how often). */
export const useAskForEmailLink = () =>
  useApiMutation({
    mutationFn: async () => (await apiRequest('POST', '/api/account/email-verification')).json() as Promise<{ message: string }>,
    success: ({ message }) => message,
    failure: { fallback: t`The link could not be sent` },
  });
