import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@/lib/i18n';
import { act, render, renderHook } from '@testing-library/react';
import { Router, useLocation, useSearch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { PublicUser } from '@common/contracts/auth';
import type { Role } from '@common/roles';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { readQueryKey } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { fleetStatus, ingrid } from './fixtures';

/**
 * A query client that reads through the API client as the app's does (the default read, no
 * retry), so a screen's reads go to the test's network (network.ts). `staleTime` as given.
 */
export const appClient = (staleTime = 0) => new QueryClient({ defaultOptions: { queries: { queryFn: readQueryKey, retry: false, staleTime } } });

/** The tree wrapped in the query client and the interface's language, as the app's providers wrap every screen. */
export const withClient = (client: QueryClient, node: ReactNode) => (
  <QueryClientProvider client={client}>
    <I18nProvider i18n={i18n}>{node}</I18nProvider>
  </QueryClientProvider>
);

/** A `wrapper` for renderHook (or render) that provides this query client. */
export const clientWrapper =
  (client: QueryClient) =>
  ({ children }: { children: ReactNode }) =>
    withClient(client, children);

/** Renders inside a query client (a fresh one unless given) and returns it with the render result. */
export function renderWithClient(node: ReactNode, client = new QueryClient()) {
  return { client, ...render(withClient(client, node)) };
}

/** The address the screen is at now, as its links and filters left it. */
function Address() {
  const [path] = useLocation();
  const search = useSearch();
  return <output data-testid="address">{search ? `${path}?${search}` : path}</output>;
}

/**
 * A screen as the app shows it: at `path` (a memory location; `address()` reads where it went),
 * inside the query client, with tooltips and the toasts the app draws.
 */
export function renderScreen(path: string, node: ReactNode, client = new QueryClient()) {
  const location = memoryLocation({ path });
  return renderWithClient(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <TooltipProvider>{node}</TooltipProvider>
      <Toaster />
      <Address />
    </Router>,
    client,
  );
}

/** Where a screen rendered by renderScreen is now: '/documents?q=mooring'. */
export const address = () => document.querySelector('[data-testid="address"]')?.textContent ?? '';

/** renderHook inside a query client (a fresh one unless given). */
export function renderHookWithClient<T>(hook: () => T, client = new QueryClient()) {
  return { client, ...renderHook(hook, { wrapper: clientWrapper(client) }) };
}

/**
 * Lets React run every effect and state update now due, and the promises they start settle:
 * what a negative assertion ('never asked', 'shows nothing yet') waits for instead of a sleep.
 */
export const settled = () => act(async () => {});

/**
 * Someone of this role signed in on the office's copy or on a ship's, as the session reads it
 * (the current user and the fleet status, both answered already): `useCurrentUser()` then
 * gives the user, marked `onShip` on a ship, without asking the server.
 */
export function signedIn(client: QueryClient, role: Role, where: 'office' | 'ship' = 'office'): PublicUser {
  const user = ingrid(role);
  client.setQueryData(queryKeys.currentUser(), user);
  client.setQueryData(queryKeys.fleet.status(), fleetStatus(where));
  return user;
}
