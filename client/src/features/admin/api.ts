import { queryOptions } from '@tanstack/react-query';
import type { AdminOverview } from '@common/contracts/admin-overview';
import type { AuditEvent } from '@common/contracts/audit';
import type { BackupStatus } from '@common/contracts/backups';
import type { DepartmentInput } from '@common/contracts/departments';
import type { PositionInput } from '@common/contracts/positions';
import type { ReviewTemplate, ReviewTemplateInput } from '@common/contracts/reviews';
import type { AppSettings, SettingsChange } from '@common/contracts/settings';
import type { StorageFacts } from '@common/contracts/storage';
import type { AdminUser, CreateUserInput, SsoIdentity, UpdateUserInput } from '@common/contracts/users';
import { apiRequest } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { departmentsQuery, positionsQuery, settingsQuery } from '@/lib/shared-queries';
import { useApiMutation } from '@/lib/use-api-mutation';
import { t } from '@lingui/core/macro';

/** The audit call asks for 10 administrators' actions and the page shows 5, so the card stays short while the answer keeps some slack. */
export const AUDIT_FETCH_LIMIT = 10;
export const AUDIT_SHOWN = 5;

export const adminQueries = {
  users: () => queryOptions<AdminUser[]>({ queryKey: queryKeys.admin.users() }),
  audit: () => queryOptions<AuditEvent[]>({ queryKey: queryKeys.audit.latestAdmin(AUDIT_FETCH_LIMIT) }),
  departments: () => departmentsQuery,
  positions: () => positionsQuery,
  storage: () => queryOptions<StorageFacts>({ queryKey: queryKeys.admin.storage() }),
  overview: () => queryOptions<AdminOverview>({ queryKey: queryKeys.admin.overview() }),
  /** While a backup runs or waits, it is read again every few seconds until it has finished. */
  backups: () =>
    queryOptions<BackupStatus>({ queryKey: queryKeys.admin.backups(), refetchInterval: (query) => (query.state.data?.inProgress ? 2_000 : false) }),
  settings: () => settingsQuery,
  ssoIdentities: (userId: number) => queryOptions<SsoIdentity[]>({ queryKey: queryKeys.admin.ssoIdentities(userId) }),
};

/** After any admin change: users, departments and the audit trail (SOP lists show department names). */
const ADMIN_DATA = [
  queryKeys.admin.users(),
  queryKeys.departments(),
  queryKeys.positions(),
  queryKeys.audit.all(),
  queryKeys.sops.lists(),
  queryKeys.admin.overview(),
];

/** Admin writes refresh the admin data, then toast success, or the server's message. */
function useAdminMutation<TInput>(mutationFn: (input: TInput) => Promise<unknown>, messages: { success: string; fallback: string }) {
  return useApiMutation({ mutationFn, invalidates: ADMIN_DATA, success: messages.success, failure: { fallback: messages.fallback } });
}

export const useCreateUser = () =>
  useAdminMutation((input: CreateUserInput) => apiRequest('POST', '/api/admin/users', input), {
    success: t`User created successfully`,
    fallback: t`Failed to create user`,
  });

/** Deleting an account deactivates and hides it: the server keeps its name on every record. */
export const useDeleteUser = () =>
  useAdminMutation((id: number) => apiRequest('DELETE', `/api/admin/users/${id}`), {
    success: t`User deleted successfully`,
    fallback: t`Failed to delete user`,
  });

/** A self-registered account waiting for approval is let in (active from now on). */
export const useApproveUser = () =>
  useAdminMutation((id: number) => apiRequest('POST', `/api/admin/users/${id}/approve`), {
    success: t`Account approved; the person can now sign in`,
    fallback: t`Failed to approve the account`,
  });

export const useUpdateUser = () =>
  useAdminMutation(({ id, input }: { id: number; input: UpdateUserInput }) => apiRequest('PATCH', `/api/admin/users/${id}`, input), {
    success: t`User updated successfully`,
    fallback: t`Failed to update user`,
  });

export const useResetPassword = () =>
  useAdminMutation(({ id, password }: { id: number; password: string }) => apiRequest('POST', `/api/admin/users/${id}/password`, { password }), {
    success: t`Password reset successfully. The user has been signed out everywhere.`,
    fallback: t`Failed to reset password`,
  });

/** Links the person's identity-provider account (by its subject) to the account, or removes the link; both audited. */
export const useLinkSso = () =>
  useApiMutation({
    mutationFn: ({ id, subject }: { id: number; subject: string }) => apiRequest('POST', `/api/admin/users/${id}/sso-identity`, { subject }),
    invalidates: (_data, { id }) => [queryKeys.admin.ssoIdentities(id), queryKeys.audit.all()],
    success: t`Linked: the person can sign in through the identity provider`,
    failure: { fallback: t`Failed to link the account` },
  });

export const useUnlinkSso = () =>
  useApiMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/admin/users/${id}/sso-identity`),
    invalidates: (_data, id) => [queryKeys.admin.ssoIdentities(id), queryKeys.audit.all()],
    success: t`Unlinked: the person signs in with the password`,
    failure: { fallback: t`Failed to unlink the account` },
  });

export const useUpdateSettings = () =>
  useApiMutation({
    mutationFn: async (input: SettingsChange) => ({ input, settings: (await (await apiRequest('PUT', '/api/admin/settings', input)).json()) as AppSettings }),
    onSuccess: ({ settings }) => queryClient.setQueryData(settingsQuery.queryKey, settings),
    invalidates: [queryKeys.audit.all()],
    success: ({ input, settings }) => settingWords(input, settings),
    failure: { fallback: t`Failed to update settings` },
  });

/** The toast after a change names the setting that was changed. */
function settingWords(input: SettingsChange, settings: AppSettings): string {
  if (input.requireSignatures !== undefined) return settings.requireSignatures ? t`Signatures are required` : t`Signatures are no longer required`;
  if (input.ssoCreatesAccounts !== undefined) {
    return settings.ssoCreatesAccounts ? t`New people get an account at their first single sign-on` : t`Single sign-on refuses people without an account`;
  }
  return settings.registrationOpen ? t`Self-registration is open` : t`Self-registration is closed`;
}

export const useCreateDepartment = () =>
  useAdminMutation((input: DepartmentInput) => apiRequest('POST', '/api/departments', input), {
    success: t`Department created successfully`,
    fallback: t`Failed to create department`,
  });

export const useUpdateDepartment = () =>
  useAdminMutation(({ id, input }: { id: number; input: DepartmentInput }) => apiRequest('PUT', `/api/departments/${id}`, input), {
    success: t`Department updated successfully`,
    fallback: t`Failed to update department`,
  });

export const useDeleteDepartment = () =>
  useAdminMutation((id: number) => apiRequest('DELETE', `/api/departments/${id}`), {
    success: t`Department deleted successfully`,
    fallback: t`Failed to delete department`,
  });

export const useCreatePosition = () =>
  useAdminMutation((input: PositionInput) => apiRequest('POST', '/api/positions', input), {
    success: t`Position created`,
    fallback: t`Failed to create the position`,
  });

export const useUpdatePosition = () =>
  useAdminMutation(({ id, input }: { id: number; input: PositionInput }) => apiRequest('PUT', `/api/positions/${id}`, input), {
    success: t`Position updated`,
    fallback: t`Failed to update the position`,
  });

/** 'Back up now': the server queues it for its job runner and answers at once. */
export const useBackUpNow = () =>
  useApiMutation({
    mutationFn: async () => (await apiRequest('POST', '/api/admin/backups')).json() as Promise<BackupStatus>,
    onSuccess: (status) => queryClient.setQueryData(adminQueries.backups().queryKey, status),
    success: t`Backup started`,
    failure: { fallback: t`Failed to start a backup` },
  });

/** The master's review template (decision 080), at the office: what every ship's next review starts from. */
export function useSaveReviewTemplate(onDone: () => void) {
  return useApiMutation({
    mutationFn: async (input: ReviewTemplateInput) => (await apiRequest('PUT', '/api/admin/review-template', input)).json() as Promise<ReviewTemplate>,
    // The answer is the template kept: the dialog opened again starts from it.
    onSuccess: (template) => {
      queryClient.setQueryData(queryKeys.reviewTemplate(), template);
      onDone();
    },
    success: t`Template saved: each ship receives it with its next update`,
    failure: { fallback: t`The template could not be saved` },
  });
}
