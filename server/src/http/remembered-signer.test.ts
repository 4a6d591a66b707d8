import { Signer } from '@fastify/cookie';
import { describe, expect, it } from 'vitest';
import { rememberedSigner } from './remembered-signer';

const SECRET = 'a-secret-for-the-remembered-signer-test-0123456789';

describe('the session cookie signer', () => {
  it('signs and verifies exactly as the plain signer, however often it is asked', () => {
    const plain = new Signer(SECRET);
    const remembered = rememberedSigner(SECRET);
    const cookie = plain.sign('session-id-1');
    for (let i = 0; i < 3; i++) {
      expect(remembered.unsign(cookie)).toEqual({ valid: true, renew: false, value: 'session-id-1' });
      expect(remembered.sign('session-id-1')).toBe(cookie);
    }
    expect(remembered.sign('session-id-2')).toBe(plain.sign('session-id-2'));
  });

  it('refuses a cookie with a changed signature or id, after the genuine one was remembered', () => {
    const remembered = rememberedSigner(SECRET);
    const cookie = new Signer(SECRET).sign('session-id-3');
    expect(remembered.unsign(cookie).valid).toBe(true);
    const last = cookie.at(-1) === 'A' ? 'B' : 'A';
    expect(remembered.unsign(`${cookie.slice(0, -1)}${last}`)).toMatchObject({ valid: false, value: null });
    expect(remembered.unsign(cookie.replace('session-id-3', 'session-id-4'))).toMatchObject({ valid: false, value: null });
    expect(remembered.unsign(new Signer('another-secret-of-the-same-sort-0123456789').sign('session-id-3')).valid).toBe(false);
  });
});
