import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { App } from '../app';
import { sessionCookie } from './factories';
import type { TestIdentityProvider } from './identity-provider';

const cookieHeader = (res: LightMyRequestResponse) => res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

/** Single sign-on as a browser makes it against `app`, and what a test reads of the outcome. */
export function ssoBrowser(app: App, idp: TestIdentityProvider) {
  /** The whole flow: the button, the provider's page, the return. */
  async function signInThroughProvider(login: string, opts: { choice?: 'sign-in' | 'cancel'; tamper?: (url: URL) => void } = {}) {
    const start = await app.inject({ method: 'GET', url: '/api/auth/sso/start' });
    expect(start.statusCode).toBe(302);
    const back = await idp.signIn(start.headers.location as string, login, opts.choice);
    opts.tamper?.(back);
    return app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie: cookieHeader(start) } });
  }

  async function signedInAs(callback: LightMyRequestResponse) {
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/');
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: sessionCookie(callback) } });
    expect(me.statusCode).toBe(200);
    return me.json();
  }

  const refusedWith = (callback: LightMyRequestResponse, code: string) => {
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe(`/auth?error=${code}`);
    expect(callback.cookies.find((c) => c.name === 'sop.sid')).toBeUndefined();
  };

  return { signInThroughProvider, signedInAs, refusedWith };
}
