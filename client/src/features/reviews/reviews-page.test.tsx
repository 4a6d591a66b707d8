import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { FleetStatus, FleetVessel } from '@common/contracts/fleet';
import type { Review } from '@common/contracts/reviews';
import { LastReviewBadge } from '@/components/last-review-badge';
import { Toaster } from '@/components/ui/toaster';
import { queryClient } from '@/lib/query-client';
import { network } from '@/test/network';
import { renderWithClient } from '@/test/render';
import ReviewsPage from './reviews-page';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const vessel: FleetVessel = {
  code: 'AURORA',
  name: 'Aurora Star',
  lastContactAt: null,
  documents: { current: 0, pending: 0 },
  problem: null,
  setAside: 0,
  lastReviewAt: daysAgo(30),
};
const status: FleetStatus = {
  role: 'office',
  vessel: null,
  connected: true,
  lastContactAt: null,
  waiting: { toSend: 0 },
  problem: null,
  link: { state: 'connected', since: daysAgo(1) },
} as FleetStatus;
const review: Review = {
  id: 4,
  vesselCode: 'AURORA',
  vesselName: 'Aurora Star',
  status: 'signed',
  sections: [{ title: 'Emergency preparedness', questions: [{ text: 'Were drills held as planned?', answer: 'All of them.' }] }],
  findings: [
    {
      id: 9,
      position: 1,
      text: 'The davit wire is due for renewal.',
      answer: null,
      action: null,
      dueOn: null,
      note: null,
      answeredBy: null,
      answeredAt: null,
    },
  ],
  startedBy: 'Magnus Master',
  createdAt: daysAgo(31),
  updatedAt: daysAgo(30),
  signedBy: 'Magnus Master',
  signedAt: daysAgo(30),
  signatureMethod: 'password',
  contentSha256: 'a'.repeat(64),
  canEdit: false,
  canAnswer: true,
};

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('the office reads a vessel’s reviews', () => {
  it('answers a finding: accepted needs an action and a due date, and the answer is sent as the server reads it', async () => {
    const sent: unknown[] = [];
    network.use(
      http.get('/api/fleet/status', () => HttpResponse.json(status)),
      http.get('/api/fleet/vessels', () => HttpResponse.json([vessel])),
      http.get('/api/fleet/vessels/AURORA/reviews', () => HttpResponse.json([review])),
      http.put('/api/reviews/4/findings/9', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(review);
      }),
    );
    renderWithClient(
      <>
        <ReviewsPage />
        <Toaster />
      </>,
      queryClient,
    );
    expect(await screen.findByText('The davit wire is due for renewal.')).toBeTruthy();
    expect(screen.getByText('Not answered by the office yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Answer/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Answer finding 1' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save answer' }));
    expect(await within(dialog).findByText('Say what will be done.')).toBeTruthy();
    expect(within(dialog).getByText('Choose the date it is due.')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Action'), { target: { value: 'Renew the wire in Bergen.' } });
    fireEvent.change(within(dialog).getByLabelText('Due date'), { target: { value: '2027-02-28' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save answer' }));
    await waitFor(() => expect(sent).toEqual([{ answer: 'accepted', action: 'Renew the wire in Bergen.', dueOn: '2027-02-28' }]));
  });
});

describe('the last review on the Fleet page', () => {
  it('shows its date, flags one older than 12 months, and says when there is none', () => {
    renderWithClient(
      <ul>
        <li data-testid="recent">
          <LastReviewBadge at={daysAgo(30)} />
        </li>
        <li data-testid="old">
          <LastReviewBadge at={daysAgo(400)} />
        </li>
        <li data-testid="none">
          <LastReviewBadge at={null} />
        </li>
      </ul>,
      queryClient,
    );
    expect(within(screen.getByTestId('recent')).queryByText('Over 12 months old')).toBeNull();
    expect(within(screen.getByTestId('old')).getByText('Over 12 months old')).toBeTruthy();
    expect(within(screen.getByTestId('none')).getByText('None on record')).toBeTruthy();
    expect(within(screen.getByTestId('none')).getByText('Due')).toBeTruthy();
  });
});

describe('the master on board', () => {
  const onBoard = { ...status, role: 'ship', vessel: { code: 'AURORA', name: 'Aurora Star' } } as FleetStatus;
  const mine = (signedDaysAgo: number): Review => ({ ...review, signedAt: daysAgo(signedDaysAgo), canAnswer: false });

  it('is told when the next review is due after signing this year’s, and may still start one sooner', async () => {
    network.use(
      http.get('/api/fleet/status', () => HttpResponse.json(onBoard)),
      http.get('/api/fleet/vessels/AURORA/reviews', () => HttpResponse.json([mine(30)])),
    );
    renderWithClient(<ReviewsPage />, queryClient);
    expect(await screen.findByText(/This year's review is signed\. The next is due by/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start a review now' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: "Start this year's review" })).toBeNull();
  });

  it('is asked for this year’s review when the last is over 12 months old', async () => {
    network.use(
      http.get('/api/fleet/status', () => HttpResponse.json(onBoard)),
      http.get('/api/fleet/vessels/AURORA/reviews', () => HttpResponse.json([mine(400)])),
    );
    renderWithClient(<ReviewsPage />, queryClient);
    expect(await screen.findByRole('button', { name: "Start this year's review" })).toBeTruthy();
    expect(screen.queryByText(/The next is due by/)).toBeNull();
  });
});
