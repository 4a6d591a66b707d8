import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { LoginInput, PublicUser, RegisterInput } from '@common/contracts/auth';
import type { AppSettings } from '@common/contracts/settings';
import type { ChangePasswordInput } from '@common/contracts/users';
import { toast } from '@/hooks/use-toast';
import { apiRequest, getQueryFn, serverMessage } from '@/lib/api';
import { queryClient } from '@/lib/query-client';

/** SPEC §7: cached 5 minutes, no retry, no refetch on focus, refetched on mount when stale. */
export const userQuery = queryOptions<PublicUser | null>({
  queryKey: ['/api/user'],
  queryFn: getQueryFn<PublicUser | null>({ on401: 'returnNull' }),
  staleTime: 5 * 60 * 1000,
  retry: false,
  refetchOnWindowFocus: false,
});

export function useCurrentUser() {
  const { data, isLoading, error } = useQuery(userQuery);
  return { user: data ?? null, isLoading, error };
}

const greetingName = (user: PublicUser) => user.firstName || user.username;

export function useLogin() {
  return useMutation({
    mutationFn: async (input: LoginInput) => (await apiRequest('POST', '/api/login', input)).json() as Promise<PublicUser>,
    onSuccess: (user) => {
      queryClient.clear();
      queryClient.setQueryData(userQuery.queryKey, user);
      toast({ title: 'Success', description: `Welcome back, ${greetingName(user)}!` });
      setTimeout(() => window.location.reload(), 100);
    },
    onError: (error) => {
      toast({ title: 'Login failed', description: serverMessage(error, 'Login failed'), variant: 'destructive' });
    },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: async (input: RegisterInput) => (await apiRequest('POST', '/api/register', input)).json() as Promise<PublicUser>,
    onSuccess: (user) => {
      queryClient.setQueryData(userQuery.queryKey, user);
      toast({ title: 'Success', description: `Welcome to the product, ${greetingName(user)}!` });
    },
    onError: (error) => {
      toast({ title: 'Registration failed', description: serverMessage(error, 'Registration failed'), variant: 'destructive' });
    },
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/logout');
    },
    onSuccess: () => {
      queryClient.setQueryData(userQuery.queryKey, null);
      queryClient.clear();
      queryClient.setQueryData(userQuery.queryKey, null);
      toast({ title: 'Success', description: 'You have been logged out' });
    },
    onError: () => {
      toast({ title: 'Logout failed', description: 'Logout failed', variant: 'destructive' });
    },
  });
}

/** Public settings: whether the sign-in screen offers registration. */
export const settingsQuery = queryOptions<AppSettings | null>({ queryKey: ['/api/settings'], retry: false });

/** Open unless the server says it is closed (an unreachable server shows the usual form). */
export function useRegistrationOpen() {
  const { data } = useQuery(settingsQuery);
  return data?.registrationOpen !== false;
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => apiRequest('POST', '/api/user/password', input),
    onSuccess: () => {
      toast({ title: 'Success', description: 'Password changed. Your other sessions have been signed out.' });
    },
    onError: (error) => {
      toast({ title: 'Error', description: serverMessage(error, 'Failed to change password'), variant: 'destructive' });
    },
  });
}
