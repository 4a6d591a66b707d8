import { queryOptions, useMutation } from '@tanstack/react-query';
import type { AuditEvent } from '@common/contracts/audit';
import type { Department, DepartmentInput } from '@common/contracts/departments';
import type { AppSettings } from '@common/contracts/settings';
import type { StorageFacts } from '@common/contracts/storage';
import type { AdminUser, CreateUserInput, UpdateUserInput } from '@common/contracts/users';
import { toast } from '@/hooks/use-toast';
import { apiRequest, serverMessage } from '@/lib/api';
import { queryClient } from '@/lib/query-client';

/** The audit call asks for 10 events and the page shows 5, so the card stays short while the answer keeps some slack. */
export const AUDIT_FETCH_LIMIT = 10;
export const AUDIT_SHOWN = 5;

export const adminQueries = {
  users: () => queryOptions<AdminUser[] | null>({ queryKey: ['/api/admin/users'] }),
  audit: () => queryOptions<AuditEvent[] | null>({ queryKey: ['/api/audit', { limit: AUDIT_FETCH_LIMIT }] }),
  /** Same key as every other screen's department list, so one invalidation refreshes them all. */
  departments: () => queryOptions<Department[] | null>({ queryKey: ['/api/departments'] }),
  storage: () => queryOptions<StorageFacts | null>({ queryKey: ['/api/admin/storage'] }),
  /** Public settings; the sign-in screen reads the same key. */
  settings: () => queryOptions<AppSettings | null>({ queryKey: ['/api/settings'] }),
};

/** After any admin change: users, departments and the audit trail (SOP lists show department names). */
function refreshAdminData() {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['/api/admin/users'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/departments'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/audit'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/sops'] }),
  ]);
}

const success = (description: string) => toast({ title: 'Success', description });
const failure = (error: unknown, fallback: string) => {
  toast({ title: 'Error', description: serverMessage(error, fallback), variant: 'destructive' });
};

/** Shared mutation plumbing: refresh, toast success, or toast the server's message. */
function useAdminMutation<TInput>(mutationFn: (input: TInput) => Promise<unknown>, messages: { success: string; fallback: string }) {
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await refreshAdminData();
      success(messages.success);
    },
    onError: (error) => failure(error, messages.fallback),
  });
}

export const useCreateUser = () =>
  useAdminMutation((input: CreateUserInput) => apiRequest('POST', '/api/admin/users', input), {
    success: 'User created successfully',
    fallback: 'Failed to create user',
  });

/** Deleting an account deactivates and hides it: the server keeps its name on every record. */
export const useDeleteUser = () =>
  useAdminMutation((id: number) => apiRequest('DELETE', `/api/admin/users/${id}`), {
    success: 'User deleted successfully',
    fallback: 'Failed to delete user',
  });

export const useUpdateUser = () =>
  useAdminMutation(({ id, input }: { id: number; input: UpdateUserInput }) => apiRequest('PATCH', `/api/admin/users/${id}`, input), {
    success: 'User updated successfully',
    fallback: 'Failed to update user',
  });

export const useResetPassword = () =>
  useAdminMutation(({ id, password }: { id: number; password: string }) => apiRequest('POST', `/api/admin/users/${id}/password`, { password }), {
    success: 'Password reset successfully. The user has been signed out everywhere.',
    fallback: 'Failed to reset password',
  });

export function useUpdateSettings() {
  return useMutation({
    mutationFn: async (input: AppSettings) => (await apiRequest('PUT', '/api/admin/settings', input)).json() as Promise<AppSettings>,
    onSuccess: async (settings) => {
      queryClient.setQueryData(adminQueries.settings().queryKey, settings);
      await queryClient.invalidateQueries({ queryKey: ['/api/audit'] });
      success(settings.registrationOpen ? 'Self-registration is open' : 'Self-registration is closed');
    },
    onError: (error) => failure(error, 'Failed to update settings'),
  });
}

export const useCreateDepartment = () =>
  useAdminMutation((input: DepartmentInput) => apiRequest('POST', '/api/departments', input), {
    success: 'Department created successfully',
    fallback: 'Failed to create department',
  });

export const useUpdateDepartment = () =>
  useAdminMutation(({ id, input }: { id: number; input: DepartmentInput }) => apiRequest('PUT', `/api/departments/${id}`, input), {
    success: 'Department updated successfully',
    fallback: 'Failed to update department',
  });

export const useDeleteDepartment = () =>
  useAdminMutation((id: number) => apiRequest('DELETE', `/api/departments/${id}`), {
    success: 'Department deleted successfully',
    fallback: 'Failed to delete department',
  });
