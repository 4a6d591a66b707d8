import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { LoginInput, PublicUser, RegisterInput } from '@common/contracts/auth';
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
