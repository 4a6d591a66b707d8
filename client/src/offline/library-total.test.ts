import { afterEach, describe, expect, it } from 'vitest';
import { forgetSignedInUser } from '@/lib/query-client';
import { libraryTotal, rememberLibraryTotal } from './library-total';

describe('the library total kept for the offline list', () => {
  afterEach(() => localStorage.clear());

  it('is kept per person, and forgotten for everyone at sign-out; the device’s own settings stay', async () => {
    localStorage.setItem('sop-harbor:offline-budget-bytes', '1000000');
    rememberLibraryTotal(7, 340);
    rememberLibraryTotal(8, 12);
    expect(libraryTotal(7)).toBe(340);
    expect(libraryTotal(8)).toBe(12);
    expect(libraryTotal(undefined)).toBeNull();
    await forgetSignedInUser();
    expect(libraryTotal(7)).toBeNull();
    expect(libraryTotal(8)).toBeNull();
    expect(localStorage.getItem('sop-harbor:offline-budget-bytes')).toBe('1000000');
  });
});
