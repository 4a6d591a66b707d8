import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { NotificationPreferences } from '@common/contracts/notification-preferences';
import { queryKeys } from '@/lib/query-keys';
import { appClient, withClient } from '@/test/render';
import { EmailNotificationsSection } from './email-notifications-section';

const kinds: NotificationPreferences['kinds'] = [
  { kind: 'changes_requested', enabled: true },
  { kind: 'reading', enabled: false },
  { kind: 'review_due', enabled: true },
];

/** The section over answers already read (nothing is fetched), in the app's providers (the query client and the interface's language). */
function renderWith(preferences: NotificationPreferences) {
  const client = appClient(Number.POSITIVE_INFINITY);
  client.setQueryData(queryKeys.notificationPreferences(), preferences);
  render(withClient(client, <EmailNotificationsSection />));
}

afterEach(cleanup);

describe('Email notifications on My Account', () => {
  it('one switch per kind, as the server holds them, and the address mail goes to', () => {
    renderWith({ configured: true, email: 'liam@ship.example', kinds });
    expect(screen.getByText('liam@ship.example')).toBeTruthy();
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.map((b) => b.getAttribute('aria-checked'))).toEqual(['true', 'false', 'true']);
    expect(screen.getByRole('checkbox', { name: 'New required reading' }).getAttribute('aria-checked')).toBe('false');
  });

  it("says 'Not configured' and offers no switch when the server sends no e-mail", () => {
    renderWith({ configured: false, email: 'liam@ship.example', kinds });
    expect(screen.getByTestId('email-notifications-state').textContent).toBe('Not configured: this server sends no e-mail.');
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
  });

  it('says so when the account has no address', () => {
    renderWith({ configured: true, email: null, kinds });
    expect(screen.getByTestId('email-notifications-state').textContent).toBe(
      'Your account has no e-mail address, so you get no e-mail. An administrator can add one.',
    );
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
  });
});
