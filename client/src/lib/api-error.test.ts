import { afterEach, describe, expect, it } from 'vitest';
import { apiErrorOf, isUnauthorized } from './api-error';
import { activateLanguage } from './i18n';
import { NOT_CACHED_MESSAGE } from '@/offline/caches';

describe('apiErrorOf', () => {
  it('keeps a code of the shared list (and the browser’s own offline codes), the message beside it', () => {
    const error = apiErrorOf(409, 'Conflict', JSON.stringify({ message: 'Someone decided first', code: 'already_decided' }));
    expect(error.code).toBe('already_decided');
    expect(error.message).toBe('Someone decided first');
    expect(apiErrorOf(503, '', JSON.stringify({ message: 'Not available offline', code: 'offline_not_cached' })).code).toBe('offline_not_cached');
  });

  it('drops a code nobody agreed on, and reads a page that is not JSON as no code at all', () => {
    expect(apiErrorOf(409, 'Conflict', JSON.stringify({ message: 'x', code: 'made_up' })).code).toBeUndefined();
    const proxy = apiErrorOf(401, 'Unauthorized', '<html>Proxy sign-in</html>');
    expect(proxy.code).toBeUndefined();
    expect(proxy.message).toBe('Unauthorized');
    expect(isUnauthorized(proxy)).toBe(true);
  });

  describe('in the interface language', () => {
    afterEach(() => activateLanguage('en'));

    it("reads the service worker's English 'not available offline' in the person's language", async () => {
      const worker = JSON.stringify({ message: NOT_CACHED_MESSAGE, code: 'offline_not_cached' });
      expect(apiErrorOf(503, '', worker).message).toBe(NOT_CACHED_MESSAGE);
      await activateLanguage('es');
      const error = apiErrorOf(503, '', worker);
      expect(error.code).toBe('offline_not_cached');
      expect(error.message).not.toBe(NOT_CACHED_MESSAGE);
      expect(error.message).toBe('No disponible sin conexión: ábrelo una vez con conexión para guardar una copia.');
    });
  });
});
