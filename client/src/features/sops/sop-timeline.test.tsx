import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SopHistory, SopHistoryEvent } from '@common/contracts/review-loop';
import { appClient, renderWithClient } from '@/test/render';
import { reviewLoopQueries } from './review-loop-api';
import { SopTimeline } from './sop-timeline';

const SHA = 'f6b240b7749d5fa7e7c063b676447821c09d77550817eb6f31421eaf0a3b59f2';
const event = (id: number, action: string, firstName: string, signature: SopHistoryEvent['signature'] = null): SopHistoryEvent => ({
  id,
  action,
  at: '2026-11-26T21:54:00.000Z',
  actor: { firstName, lastName: 'Santos' },
  versionId: 1,
  versionNumber: '1.0',
  comments: null,
  revisionClass: null,
  onBehalfOf: null,
  signature,
  changes: null,
  detailsSha256: null,
});

afterEach(cleanup);

describe('SopTimeline', () => {
  it('shows the signature of a signed event, the hash short with the whole one on hover, and none where no proof was given', () => {
    const history: SopHistory = [
      event(3, 'sop_attested', 'Rita', { meaning: 'read_and_understood', stepName: null, method: 'passkey', sha256: SHA }),
      event(2, 'sop_approved', 'Maria', { meaning: 'approved', stepName: 'DPA approval', method: 'password', sha256: SHA }),
      event(1, 'sop_step_approved', 'Hana', { meaning: 'reviewed', stepName: 'Department review', method: null, sha256: SHA }),
    ];
    // The answer as loaded: nothing to fetch.
    const client = appClient(Number.POSITIVE_INFINITY);
    client.setQueryData(reviewLoopQueries.history(7).queryKey, history);
    renderWithClient(<SopTimeline sopId={7} />, client);
    const [attested, approved, reviewed] = screen.getAllByTestId('timeline-event');
    expect(within(attested).getByTestId('event-signature').textContent).toBe('Signed: Read and understood · with a passkey · SHA-256 f6b240b7749d…');
    expect(within(approved).getByTestId('event-signature').textContent).toBe('Signed: Approved (DPA approval) · with the password · SHA-256 f6b240b7749d…');
    expect(within(approved).getByTitle(`SHA-256 ${SHA}`).textContent).toBe('f6b240b7749d…');
    expect(within(reviewed).queryByTestId('event-signature')).toBeNull();
  });
});
