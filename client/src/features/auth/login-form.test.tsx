import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SsoStatus } from '@common/contracts/sso';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { rememberSignOut, signOutPending } from '@/lib/pending-sign-out';
import { ingrid } from '@/test/fixtures';
import { asked, bodiesOf, network } from '@/test/network';
import { renderScreen, settled } from '@/test/render';
import { LoginForm } from './login-form';

const user = ingrid('user');
const noSso: SsoStatus = { configured: false, name: null, issuer: null };

/** The sign-in screen, on a server whose identity provider is `sso`. */
function openForm(sso: SsoStatus = noSso, onRegister?: () => void) {
  network.use(http.get('/api/auth/sso', () => HttpResponse.json(sso)));
  return renderScreen('/auth', <LoginForm onRegister={onRegister} />, queryClient);
}

/**
 * The page reloads 100 ms after signing in, so that every screen starts again for the new
 * session: jsdom cannot reload, so the address stands in, with a reload to count.
 */
function watchReload() {
  const reload = vi.fn();
  const { href, origin, pathname, search } = window.location;
  vi.stubGlobal('location', { href, origin, pathname, search, reload });
  return () => vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
}

function signIn(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  cleanup();
  queryClient.clear();
  localStorage.clear();
});

describe('signing in', () => {
  it('asks for the username and password before sending anything', async () => {
    openForm();
    fireEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    await settled();
    expect(asked()).toEqual(['GET /api/auth/sso']);
  });

  it('says a refused sign-in in the server’s words, and signs no one in', async () => {
    network.use(http.post('/api/login', () => HttpResponse.json({ message: 'Invalid username or password', code: 'invalid_credentials' }, { status: 401 })));
    openForm();
    signIn('ingrid', 'wrong');
    expect(await screen.findByText('Login failed')).toBeTruthy();
    expect(screen.getByText('Invalid username or password')).toBeTruthy();
    expect(queryClient.getQueryData(queryKeys.currentUser())).toBeUndefined();
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('ingrid');
  });

  it('sends the trimmed username and the password, greets the person and keeps them as the current user', async () => {
    network.use(http.post('/api/login', () => HttpResponse.json(user)));
    const reloaded = watchReload();
    openForm();
    signIn('  ingrid ', 'harbour lights 7');
    expect(await screen.findByText('Welcome back, Ingrid!')).toBeTruthy();
    expect(await bodiesOf('POST /api/login')).toEqual([{ username: 'ingrid', password: 'harbour lights 7' }]);
    expect(queryClient.getQueryData(queryKeys.currentUser())).toEqual(user);
    await reloaded();
  });

  it('sends a sign-out made offline before asking for the new session', async () => {
    rememberSignOut();
    network.use(
      http.post('/api/logout', () => new HttpResponse(null, { status: 204 })),
      http.post('/api/login', () => HttpResponse.json(user)),
    );
    const reloaded = watchReload();
    openForm();
    signIn('ingrid', 'harbour lights 7');
    expect(await screen.findByText('Welcome back, Ingrid!')).toBeTruthy();
    await reloaded();
    expect(asked().filter((line) => line.startsWith('POST'))).toEqual(['POST /api/logout', 'POST /api/login']);
    expect(signOutPending()).toBe(false);
  });

  it('offers the company’s identity provider by name when the server has one, and registration when it is open', async () => {
    const onRegister = vi.fn();
    openForm({ configured: true, name: 'Harbor ID', issuer: 'https://id.fleet.example' }, onRegister);
    expect(await screen.findByRole('button', { name: 'Sign in with Harbor ID' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(onRegister).toHaveBeenCalledTimes(1);
  });

  it('offers neither when the server has no identity provider and registration is closed', async () => {
    openForm();
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.sso())).toEqual(noSso));
    await settled();
    expect(screen.queryByRole('button', { name: /^Sign in with/ })).toBeNull();
    expect(screen.getByText('New crew member? Ask an administrator for an account.')).toBeTruthy();
  });
});
