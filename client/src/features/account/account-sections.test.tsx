import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EmailVerificationState } from '@common/contracts/email-verification';
import type { Passkey } from '@common/contracts/signatures';
import { queryKeys } from '@/lib/query-keys';
import { appClient, renderWithClient, signedIn } from '@/test/render';
import { EmailAddressSection } from './email-address-section';
import { PasskeysSection, refusalBeforeAdding } from './passkeys-section';

function clientWith(state: EmailVerificationState, passkeys: Passkey[] = []) {
  const client = appClient(Number.POSITIVE_INFINITY);
  signedIn(client, 'user');
  client.setQueryData(queryKeys.emailVerification(), state);
  client.setQueryData(queryKeys.passkeys(), passkeys);
  return client;
}

afterEach(cleanup);

describe('E-mail address on My Account', () => {
  it('an unconfirmed address on a server that mails: says so and offers the link', () => {
    renderWithClient(<EmailAddressSection />, clientWith({ email: 'liam@ship.example', confirmed: false, canSend: true }));
    expect(screen.getByText(/Your address liam@ship.example is not confirmed yet/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send the confirmation link' })).toBeTruthy();
  });

  it('without mail: says who can link instead, and offers no button', () => {
    renderWithClient(<EmailAddressSection />, clientWith({ email: 'liam@ship.example', confirmed: false, canSend: false }));
    expect(screen.getByText(/this server sends no e-mail to confirm it/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a confirmed address (or none): the section is not shown', () => {
    renderWithClient(<EmailAddressSection />, clientWith({ email: 'liam@ship.example', confirmed: true, canSend: true }));
    expect(screen.queryByTestId('email-address')).toBeNull();
  });
});

describe('adding a passkey', () => {
  it('offers an existing passkey as the proof only to someone who has one', () => {
    const key = { id: 1, name: 'Bridge tablet', createdAt: new Date().toISOString(), lastUsedAt: null };
    const state = { email: null, confirmed: true, canSend: false };
    const { unmount } = renderWithClient(<PasskeysSection />, clientWith(state, [key]));
    expect(screen.getByRole('button', { name: 'Use an existing passkey' })).toBeTruthy();
    unmount();
    renderWithClient(<PasskeysSection />, clientWith(state, []));
    expect(screen.queryByRole('button', { name: 'Use an existing passkey' })).toBeNull();
  });

  it('needs a name, and the password unless an existing passkey proves it', () => {
    expect(refusalBeforeAdding(' ', 'existing passkey')).toBe('Name the passkey');
    expect(refusalBeforeAdding('Tablet', { password: '' })).toBe('Enter your password, or use an existing passkey, to add a passkey');
    expect(refusalBeforeAdding('Tablet', { password: 'secret' })).toBeNull();
    expect(refusalBeforeAdding('Tablet', 'existing passkey')).toBeNull();
  });
});
