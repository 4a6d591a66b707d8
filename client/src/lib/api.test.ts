import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { holdToast, navigate } = vi.hoisted(() => ({ holdToast: vi.fn(), navigate: vi.fn() }));
vi.mock('@/hooks/use-toast', () => ({ holdToast, toast: vi.fn() }));
vi.mock('wouter/use-browser-location', () => ({ navigate }));

import { apiRequest, getJson, setSignedOutHandler } from './api';
import { ApiError, errorText, isNotFound, isUnauthorized } from './api-error';
import { saveFileFrom } from './download';

const answer = (status: number, body: string, statusText = '') => vi.fn(async () => new Response(body, { status, statusText }));
const failureOf = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('ApiError from the API client', () => {
  it('carries the status, the server message, its code and the body', async () => {
    vi.stubGlobal('fetch', answer(409, JSON.stringify({ message: 'Only a draft can be submitted', code: 'conflict' })));
    const error = await failureOf(apiRequest('POST', '/api/sops/1/submit'));
    expect(error).toMatchObject({ status: 409, message: 'Only a draft can be submitted', code: 'conflict' });
    expect(error.body).toEqual({ message: 'Only a draft can be submitted', code: 'conflict' });
    expect(errorText(error, 'Failed to submit SOP for approval')).toBe('Only a draft can be submitted');
    expect(isUnauthorized(error)).toBe(false);
  });

  it("reads an upload endpoint's `error` field, and has no code when the server sent none", async () => {
    vi.stubGlobal('fetch', answer(400, JSON.stringify({ error: 'Combined mode takes exactly one PDF' })));
    const error = await failureOf(apiRequest('POST', '/api/daily-programs/batch', new FormData()));
    expect(error.code).toBeUndefined();
    expect(errorText(error, 'Failed to upload daily programs')).toBe('Combined mode takes exactly one PDF');
  });

  it("falls back to the caller's text when the answer is not the server's JSON", async () => {
    vi.stubGlobal('fetch', answer(502, '<html>Bad gateway</html>', 'Bad Gateway'));
    const error = await failureOf(getJson('/api/sops'));
    expect(error).toMatchObject({ status: 502, message: 'Bad Gateway', code: undefined, body: '<html>Bad gateway</html>' });
    expect(errorText(error, 'Failed to delete')).toBe('Failed to delete');
  });

  it('turns a lost connection into status 0 with the fallback text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await failureOf(apiRequest('DELETE', '/api/itineraries/3'));
    expect(error.status).toBe(0);
    expect(errorText(error, 'Failed to delete')).toBe('Failed to delete');
  });

  it('knows a 404', async () => {
    vi.stubGlobal('fetch', answer(404, JSON.stringify({ message: 'SOP not found', code: 'not_found' })));
    expect(isNotFound(await failureOf(getJson('/api/sops/99')))).toBe(true);
  });
});

describe('a session that ends', () => {
  it('shows the Unauthorized toast once, then signs out and opens /auth after 500 ms', async () => {
    const signedOut = vi.fn();
    setSignedOutHandler(signedOut);
    vi.stubGlobal('fetch', answer(401, JSON.stringify({ message: 'Unauthorized', code: 'unauthorized' })));
    const errors = await Promise.all([failureOf(apiRequest('POST', '/api/sops/1/submit')), failureOf(getJson('/api/sops'))]);
    expect(errors.every(isUnauthorized)).toBe(true);
    expect(holdToast).toHaveBeenCalledTimes(1);
    expect(holdToast).toHaveBeenCalledWith({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' }, 1500);
    vi.advanceTimersByTime(499);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/auth');
  });

  it('is noticed by a file made on request (an export) like by any other call', async () => {
    vi.stubGlobal('fetch', answer(401, JSON.stringify({ message: 'Unauthorized', code: 'unauthorized' })));
    const error = await failureOf(saveFileFrom('/api/sops/export.csv', 'sop-register.csv'));
    expect(isUnauthorized(error)).toBe(true);
    expect(holdToast).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(500);
    expect(navigate).toHaveBeenCalledWith('/auth');
  });

  it('is not a refused sign-in (401 with its own code)', async () => {
    vi.stubGlobal('fetch', answer(401, JSON.stringify({ message: 'Invalid username or password', code: 'invalid_credentials' })));
    const error = await failureOf(apiRequest('POST', '/api/login', { username: 'a', password: 'b' }));
    expect(isUnauthorized(error)).toBe(false);
    expect(errorText(error, 'Login failed')).toBe('Invalid username or password');
    expect(holdToast).not.toHaveBeenCalled();
  });

  it('is not the answer to "who is signed in?"', async () => {
    vi.stubGlobal('fetch', answer(401, JSON.stringify({ message: 'Unauthorized', code: 'unauthorized' })));
    const error = await failureOf(getJson('/api/user', { quietUnauthorized: true }));
    expect(isUnauthorized(error)).toBe(true);
    vi.runAllTimers();
    expect(holdToast).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});
