import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook } from '@testing-library/react';

/** The tree wrapped in the query client, as the app's providers wrap every screen. */
export const withClient = (client: QueryClient, node: ReactNode) => <QueryClientProvider client={client}>{node}</QueryClientProvider>;

/** A `wrapper` for renderHook (or render) that provides this query client. */
export const clientWrapper =
  (client: QueryClient) =>
  ({ children }: { children: ReactNode }) =>
    withClient(client, children);

/** Renders inside a query client (a fresh one unless given) and returns it with the render result. */
export function renderWithClient(node: ReactNode, client = new QueryClient()) {
  return { client, ...render(withClient(client, node)) };
}

/** renderHook inside a query client (a fresh one unless given). */
export function renderHookWithClient<T>(hook: () => T, client = new QueryClient()) {
  return { client, ...renderHook(hook, { wrapper: clientWrapper(client) }) };
}
