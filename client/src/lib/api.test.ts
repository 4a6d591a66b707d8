import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { holdToast, navigate } = vi.hoisted(() => ({ holdToast: vi.fn(), navigate: vi.fn() }));
vi.mock('@/hooks/use-toast', () => ({ holdToast, toast: vi.fn() }));
vi.mock('wouter/use-browser-location', () => ({ navigate }));

import { apiRequest, getJson, setSignedOutHandler } from './api';
import { ApiError, errorText, isNotFound, isUnauthorized } from './api-error';
import { saveFileFrom } from './download';
import { asked, network } from '@/test/network';

/** The server answers `METHOD path` with this status and body (JSON unless a string). */
function serve(line: string, status: number, body: unknown, statusText = '') {
  const [method, path] = line.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  network.use(http[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](path, () => new HttpResponse(text, { status, statusText })));
}
const unauthorized = { message: 'Unauthorized', code: 'unauthorized' };
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
  vi.clearAllMocks();
});

describe('ApiError from the API client', () => {
  it('carries the status, the server message, its code and the body', async () => {
    serve('POST /api/sops/1/submit', 409, { message: 'Only a draft can be submitted', code: 'conflict' });
    const error = await failureOf(apiRequest('POST', '/api/sops/1/submit'));
    expect(error).toMatchObject({ status: 409, message: 'Only a draft can be submitted', code: 'conflict' });
    expect(error.body).toEqual({ message: 'Only a draft can be submitted', code: 'conflict' });
    expect(errorText(error, 'Failed to submit SOP for approval')).toBe('Only a draft can be submitted');
    expect(isUnauthorized(error)).toBe(false);
    expect(asked()).toEqual(['POST /api/sops/1/submit']);
  });

  it("reads an upload endpoint's `error` field, and has no code when the server sent none", async () => {
    serve('POST /api/daily-programs/batch', 400, { error: 'Combined mode takes exactly one PDF' });
    const error = await failureOf(apiRequest('POST', '/api/daily-programs/batch', new FormData()));
    expect(error.code).toBeUndefined();
    expect(errorText(error, 'Failed to upload daily programs')).toBe('Combined mode takes exactly one PDF');
  });

  it("falls back to the caller's text when the answer is not the server's JSON", async () => {
    serve('GET /api/sops', 502, '<html>Bad gateway</html>', 'Bad Gateway');
    const error = await failureOf(getJson('/api/sops'));
    expect(error).toMatchObject({ status: 502, message: 'Bad Gateway', code: undefined, body: '<html>Bad gateway</html>' });
    expect(errorText(error, 'Failed to delete')).toBe('Failed to delete');
  });

  it('turns a lost connection into status 0 with the fallback text', async () => {
    network.use(http.delete('/api/itineraries/3', () => HttpResponse.error()));
    const error = await failureOf(apiRequest('DELETE', '/api/itineraries/3'));
    expect(error.status).toBe(0);
    expect(errorText(error, 'Failed to delete')).toBe('Failed to delete');
  });

  it('knows a 404', async () => {
    serve('GET /api/sops/99', 404, { message: 'SOP not found', code: 'not_found' });
    expect(isNotFound(await failureOf(getJson('/api/sops/99')))).toBe(true);
  });
});

describe('a session that ends', () => {
  it('shows the Unauthorized toast once, then signs out and opens /auth after 500 ms', async () => {
    const signedOut = vi.fn();
    setSignedOutHandler(signedOut);
    serve('POST /api/sops/1/submit', 401, unauthorized);
    serve('GET /api/sops', 401, unauthorized);
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
    serve('GET /api/sops/export.csv', 401, unauthorized);
    const error = await failureOf(saveFileFrom('/api/sops/export.csv', 'sop-register.csv'));
    expect(isUnauthorized(error)).toBe(true);
    expect(holdToast).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(500);
    expect(navigate).toHaveBeenCalledWith('/auth');
  });

  it('is not a refused sign-in (401 with its own code)', async () => {
    serve('POST /api/login', 401, { message: 'Invalid username or password', code: 'invalid_credentials' });
    const error = await failureOf(apiRequest('POST', '/api/login', { username: 'a', password: 'b' }));
    expect(isUnauthorized(error)).toBe(false);
    expect(errorText(error, 'Login failed')).toBe('Invalid username or password');
    expect(holdToast).not.toHaveBeenCalled();
  });

  it('is not the answer to "who is signed in?"', async () => {
    serve('GET /api/user', 401, unauthorized);
    const error = await failureOf(getJson('/api/user', { quietUnauthorized: true }));
    expect(isUnauthorized(error)).toBe(true);
    vi.runAllTimers();
    expect(holdToast).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});
