import { t } from '@lingui/core/macro';
import { queryOptions } from '@tanstack/react-query';
import type { MailKind, NotificationPreferences } from '@common/contracts/notification-preferences';
import { apiRequest } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { useApiMutation } from '@/lib/use-api-mutation';

export const notificationPreferencesQuery = queryOptions<NotificationPreferences>({ queryKey: queryKeys.notificationPreferences() });

/** One switch turned on or off; the answer (every switch as stored) replaces the cached one. */
export const useSwitchMailKind = () =>
  useApiMutation({
    mutationFn: async ({ kind, enabled }: { kind: MailKind; enabled: boolean }) =>
      (await apiRequest('PUT', '/api/account/notification-preferences', { [kind]: enabled })).json() as Promise<NotificationPreferences>,
    onSuccess: (preferences) => queryClient.setQueryData(notificationPreferencesQuery.queryKey, preferences),
    failure: { fallback: t`Failed to save your e-mail settings` },
  });
