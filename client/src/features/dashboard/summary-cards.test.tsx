import { cleanup, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReadingItem } from '@common/contracts/reading';
import type { Role } from '@common/roles';
import { network } from '@/test/network';
import { appClient, renderScreen, signedIn } from '@/test/render';
import { READING_ANCHOR, SummaryCards } from './summary-cards';

const STATS = { pendingTasks: 2, mySubmissions: 1, totalSops: 39, recentEdits: 4 };

const item = (sopId: number, title: string): ReadingItem => ({
  sopId,
  title,
  department: { id: 2, name: 'Deck' },
  versionId: sopId * 10,
  versionNumber: '1.0',
  approvedAt: '2026-11-20T08:00:00.000Z',
  changelog: null,
  attestedAt: null,
  dueDate: '2026-12-04',
  overdue: false,
});

function open(role: Role) {
  network.use(
    http.get('/api/dashboard/stats', () => HttpResponse.json(STATS)),
    http.get('/api/reading', () => HttpResponse.json({ outstanding: [item(1, 'Mooring lines'), item(2, 'Bunkering'), item(3, 'Muster drill')], done: [] })),
  );
  const client = appClient();
  const user = signedIn(client, role);
  return renderScreen('/', <SummaryCards user={user} />, client);
}

const tasksCard = async () => {
  const title = await screen.findByText('My Tasks');
  return within(title.closest('[data-slot="card"]') as HTMLElement);
};

afterEach(cleanup);

describe('My Tasks', () => {
  it('for crew, who decide no approvals: their reading, and a link to it on this page, never to the Approval Center', async () => {
    open('user');
    const card = await tasksCard();
    expect(await card.findByText('3')).toBeTruthy();
    expect(card.getByText('SOPs waiting for you to read')).toBeTruthy();
    expect(card.getByRole('link', { name: 'Go to your reading' }).getAttribute('href')).toBe(`#${READING_ANCHOR}`);
    expect(screen.queryByRole('link', { name: 'View all tasks' })).toBeNull();
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).not.toContain('/approvals');
  });

  it.each(['approver', 'admin'] as const)('for an %s: the approval tasks, and the Approval Center', async (role) => {
    open(role);
    const card = await tasksCard();
    expect(await card.findByText('2')).toBeTruthy();
    expect(card.getByText('SOPs awaiting your approval')).toBeTruthy();
    expect(card.getByRole('link', { name: 'View all tasks' }).getAttribute('href')).toBe('/approvals');
  });
});

describe('Suggestions', () => {
  it('for crew: their own suggestions waiting for an answer', async () => {
    network.use(
      http.get('/api/dashboard/stats', () => HttpResponse.json({ ...STATS, openSuggestions: 0, mySuggestions: 2 })),
      http.get('/api/reading', () => HttpResponse.json({ outstanding: [], done: [] })),
    );
    const client = appClient();
    renderScreen('/', <SummaryCards user={signedIn(client, 'user')} />, client);
    const card = within((await screen.findByText('My Suggestions')).closest('[data-slot="card"]') as HTMLElement);
    expect(await card.findByText('2')).toBeTruthy();
    expect(card.getByRole('link', { name: 'See your suggestions' }).getAttribute('href')).toBe('/suggestions');
  });

  it('for an approver: the open suggestions to answer', async () => {
    network.use(http.get('/api/dashboard/stats', () => HttpResponse.json({ ...STATS, openSuggestions: 5, mySuggestions: 0 })));
    const client = appClient();
    renderScreen('/', <SummaryCards user={signedIn(client, 'approver')} />, client);
    const card = within((await screen.findByText('Suggestions')).closest('[data-slot="card"]') as HTMLElement);
    expect(await card.findByText('5')).toBeTruthy();
    expect(card.getByRole('link', { name: 'Answer suggestions' }).getAttribute('href')).toBe('/suggestions?status=open');
  });
});
