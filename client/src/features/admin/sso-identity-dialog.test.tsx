import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { SsoIdentity } from '@common/contracts/users';
import { queryKeys } from '@/lib/query-keys';
import { chiefMate } from '@/test/fixtures';
import { asked, bodiesOf, network } from '@/test/network';
import { appClient, renderWithClient } from '@/test/render';
import { SsoIdentityPanel } from './sso-identity-dialog';

const user = chiefMate;

function clientWith(identities: SsoIdentity[]) {
  const client = appClient(Number.POSITIVE_INFINITY);
  client.setQueryData(queryKeys.admin.ssoIdentities(user.id), identities);
  return client;
}

afterEach(cleanup);

describe('Single sign-on on a user’s page', () => {
  it('shows the linked account (subject and issuer) with Unlink, and no field to link another', () => {
    renderWithClient(
      <SsoIdentityPanel user={user} provider="Harbor ID" />,
      clientWith([{ issuer: 'https://id.fleet.example', subject: 'u-4711', linkedAt: new Date().toISOString() }]),
    );
    expect(screen.getByTestId('sso-subject').textContent).toBe('u-4711');
    expect(screen.getByText(/Issuer https:\/\/id\.fleet\.example/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unlink' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('not linked: asks for a subject before calling, then shows the server’s refusal beside the field', async () => {
    const refusal = 'This identity-provider account is already linked to another account here';
    network.use(http.post('/api/admin/users/7/sso-identity', () => HttpResponse.json({ message: refusal, code: 'conflict' }, { status: 409 })));
    renderWithClient(<SsoIdentityPanel user={user} provider="Harbor ID" />, clientWith([]));
    expect(screen.getByText('Not linked: Ines Berg signs in with the password.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the subject of the account at the identity provider');
    expect(asked()).toEqual([]);

    fireEvent.change(screen.getByLabelText('Subject at Harbor ID'), { target: { value: '  u-4711 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(refusal));
    expect(asked()).toEqual(['POST /api/admin/users/7/sso-identity']);
    expect(await bodiesOf('POST /api/admin/users/7/sso-identity')).toEqual([{ subject: 'u-4711' }]);
  });
});
