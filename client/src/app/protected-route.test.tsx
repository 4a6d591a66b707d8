import { lazy, startTransition, Suspense, type ComponentType, type ReactNode } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('./layout/app-layout', () => ({
  AppLayout: ({ children }: { children: ReactNode }) => (
    <div>
      <p>Header</p>
      {children}
    </div>
  ),
}));

import { withClient } from '@/test/render';
import { ProtectedRoute } from './protected-route';
import { firstScreenArriving, firstScreenLoading, sharedLoads } from './screen-code';

type Module = { default: ComponentType };
const alice = { id: 1, username: 'alice', firstName: 'Alice', lastName: 'Reed', email: null, role: 'user' };

/**
 * Rendered as the app renders (main.tsx): a root rendered in a transition, on React's own
 * scheduler (not act(), which works through a render at once without letting promise callbacks in).
 */
function mount(component: ComponentType) {
  const client = new QueryClient();
  client.setQueryData(['/api/user'], alice);
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      withClient(
        client,
        <Router hook={memoryLocation({ path: '/sop/5' }).hook}>
          <Suspense fallback={<p>Loading the page</p>}>
            <ProtectedRoute path="/sop/:id" title="SOP Details" component={component} />
          </Suspense>
        </Router>,
      ),
    ),
  );
  mounted.push(() => {
    root.unmount();
    container.remove();
  });
}

const mounted: (() => void)[] = [];
const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
});
afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount();
});

describe('the first screen', () => {
  it('comes with the header once its code is in: no header over a spinner, and its code is asked for once', async () => {
    let arrive: () => void = () => {};
    const load = vi.fn(() => new Promise<Module>((resolve) => (arrive = () => resolve({ default: () => <p>Screen</p> }))));
    const screens = sharedLoads({ sop: load });
    firstScreenLoading(screens.sop());
    const seen: string[] = [];
    const watch = new MutationObserver(() => seen.push(document.body.textContent ?? ''));
    watch.observe(document.body, { subtree: true, childList: true, characterData: true });

    mount(lazy(screens.sop));
    await waitFor(() => expect(screen.getByText('Loading the page')).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Header')).toBeNull();
    arrive();
    expect(await screen.findByText('Screen')).toBeTruthy();
    watch.disconnect();
    expect(seen.filter((text) => text.includes('Header') && !text.includes('Screen'))).toEqual([]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(firstScreenArriving()).toBeNull();
  });

  it('does not hold the guard when its code failed to load: the screen reports it', async () => {
    firstScreenLoading(Promise.reject(new Error('offline')));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(firstScreenArriving()).toBeNull();
    mount(() => <p>Screen</p>);
    expect(await screen.findByText('Header')).toBeTruthy();
  });
});

describe('sharedLoads', () => {
  it('asks for a failed load again the next time', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: 'screen' });
    const screens = sharedLoads({ sop: load as () => Promise<unknown> });
    await expect(screens.sop()).rejects.toThrow('offline');
    await expect(screens.sop()).resolves.toEqual({ default: 'screen' });
    await screens.sop();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
