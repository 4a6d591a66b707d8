import { startTransition, Suspense, type ComponentType, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { network } from '@/test/network';
import { settled } from '@/test/render';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./layout/app-layout', () => ({
  AppLayout: ({ children }: { children: ReactNode }) => (
    <div>
      <p>Header</p>
      {children}
    </div>
  ),
}));
vi.mock('./layout/header-code', () => ({ loadHeaderParts: async () => [], loadAccountMenu: async () => ({ default: () => null }) }));

import { i18n } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { Guarded } from './screen-guard';
import { type ScreenEntry, screenOf } from './screens';

type Module = { default: ComponentType };
const alice = { id: 1, username: 'alice', firstName: 'Alice', lastName: 'Reed', email: null, role: 'user' };

/** A screen's code that arrives when the test says so. */
function heldCode(text: string) {
  let arrive: () => void = () => {};
  const load = vi.fn(() => new Promise<Module>((resolve) => (arrive = () => resolve({ default: () => <p>{text}</p> }))));
  return { load, arrive: () => arrive() };
}

const sopEntry = (load: ScreenEntry['load']): ScreenEntry => ({
  path: '/sop/:id',
  title: 'SOP Details',
  load,
  firstRead: ({ id }) => queryKeys.sops.detail(Number(id)),
});

/**
 * Rendered as the app renders (main.tsx): a root rendered in a transition, on React's own
 * scheduler (not act(), which works through a render at once without letting promise callbacks
 * in). `session`: the check still under way when the guard first renders (a page load), or
 * answered already (a screen opened from another).
 */
function mount(entry: ScreenEntry, session: Promise<typeof alice> | typeof alice, fleetRole = 'office') {
  network.use(http.get('/api/fleet/status', () => HttpResponse.json({ role: fleetRole })));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (session instanceof Promise) void client.prefetchQuery({ queryKey: queryKeys.currentUser(), queryFn: () => session });
  else client.setQueryData(queryKeys.currentUser(), session);
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  const ready = screenOf(entry);
  startTransition(() =>
    root.render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <Router hook={memoryLocation({ path: '/sop/5' }).hook}>
            <Suspense fallback={<p>Loading the page</p>}>
              <Guarded screen={ready} />
            </Suspense>
          </Router>
        </QueryClientProvider>
      </I18nProvider>,
    ),
  );
  mounted.push(() => {
    root.unmount();
    container.remove();
  });
  return ready;
}

/** Every text the page showed, one entry per change. */
function watchPage() {
  const seen: string[] = [];
  const watch = new MutationObserver(() => seen.push(document.body.textContent ?? ''));
  watch.observe(document.body, { subtree: true, childList: true, characterData: true });
  return { seen, stop: () => watch.disconnect() };
}

const mounted: (() => void)[] = [];
const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
});
beforeEach(() => document.body.replaceChildren());
afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount();
});

describe('the screen the page opens on, with a first read', () => {
  it('comes with the header once its code is in: no header over a spinner, and its code is asked for once', async () => {
    const code = heldCode('Screen');
    let answer: (user: typeof alice) => void = () => {};
    const ready = mount(sopEntry(code.load), new Promise((resolve) => (answer = resolve)));
    void ready.paintsWhole();
    const page = watchPage();
    expect(await screen.findByRole('status')).toBeTruthy();
    answer(alice);
    await settled();
    expect(screen.queryByText('Header')).toBeNull();
    code.arrive();
    expect(await screen.findByText('Screen')).toBeTruthy();
    page.stop();
    expect(page.seen.filter((text) => text.includes('Header') && !text.includes('Screen'))).toEqual([]);
    expect(code.load).toHaveBeenCalledTimes(1);
  });

  it('waits for its first read as well: header and screen paint once the answer is in', async () => {
    const code = heldCode('Screen');
    let answer: (user: typeof alice) => void = () => {};
    let answerRead: () => void = () => {};
    const ready = mount(sopEntry(code.load), new Promise((resolve) => (answer = resolve)));
    void ready.paintsWhole(new Promise<void>((resolve) => (answerRead = resolve)));
    const page = watchPage();
    expect(await screen.findByRole('status')).toBeTruthy();
    answer(alice);
    code.arrive();
    await settled();
    expect(screen.queryByText('Header')).toBeNull();
    expect(screen.queryByText('Screen')).toBeNull();
    answerRead();
    expect(await screen.findByText('Screen')).toBeTruthy();
    page.stop();
    expect(page.seen.filter((text) => text.includes('Header') && !text.includes('Screen'))).toEqual([]);
  });

  it('does not hold the guard when its code failed to load: the screen asks for it again', async () => {
    const load = vi.fn<ScreenEntry['load']>().mockRejectedValueOnce(new Error('offline'));
    load.mockResolvedValue({ default: () => <p>Screen</p> });
    const ready = mount(sopEntry(load), new Promise((resolve) => setTimeout(() => resolve(alice), 10)));
    await ready.paintsWhole();
    expect(await screen.findByText('Screen')).toBeTruthy();
    expect(screen.getByText('Header')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('a screen opened once the session is known', () => {
  it('paints the header at once and its screen when the code is in', async () => {
    const code = heldCode('Screen');
    mount(sopEntry(code.load), alice);
    expect(await screen.findByText('Header')).toBeTruthy();
    expect(screen.queryByText('Screen')).toBeNull();
    code.arrive();
    expect(await screen.findByText('Screen')).toBeTruthy();
  });
});

describe('a screen the role may not open', () => {
  it('says who may, from the permission table, and never loads the screen', async () => {
    const load = vi.fn(async () => ({ default: () => <p>Screen</p> }));
    mount({ path: '/approvals', title: 'Approvals', load, requires: 'approval.list' }, alice);
    expect(await screen.findByText('Insufficient Permissions: You need approver or admin permissions to access this page.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });

  it('names administrators for an admin-only screen', async () => {
    mount({ path: '/admin', title: 'Administration', load: async () => ({ default: () => <p>Screen</p> }), requires: 'users.manage' }, alice);
    expect(await screen.findByText('Administrator privileges required to access this section')).toBeTruthy();
    expect(screen.getByText('Insufficient Permissions: You need administrator permissions to access this page.')).toBeTruthy();
  });

  it("gives a ship's copy the screen's own sentence where its work is done ashore", async () => {
    const approver = { ...alice, role: 'approver' };
    mount(
      { path: '/fleet', title: 'Fleet', load: async () => ({ default: () => <p>Screen</p> }), requires: 'fleet.read', onShip: 'Followed from the office.' },
      approver,
      'ship',
    );
    expect(await screen.findByText('Followed from the office.')).toBeTruthy();
    expect(screen.queryByText('Screen')).toBeNull();
  });
});
