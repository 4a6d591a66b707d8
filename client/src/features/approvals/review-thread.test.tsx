import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReviewComment } from '@common/contracts/approvals';
import { queryClient } from '@/lib/query-client';
import { asked, bodiesOf, network } from '@/test/network';
import { renderScreen, settled, signedIn } from '@/test/render';
import { ReviewThreadWithReply } from './review-thread';

const COMMENTS = '/api/sop-versions/40/comments';
const asKari: ReviewComment = {
  id: 1,
  versionId: 40,
  versionNumber: '2.0',
  body: 'Name the fuel grade.',
  decision: 'changes_requested',
  createdAt: '2026-11-20T08:00:00.000Z',
  author: { id: 5, firstName: 'Kari', lastName: 'Lund' },
};

/** The version's thread as the server keeps it: a posted comment joins it. */
function office(thread: ReviewComment[]) {
  network.use(
    http.get(COMMENTS, () => HttpResponse.json(thread)),
    http.post(COMMENTS, async ({ request }) => {
      const { body } = (await request.json()) as { body: string };
      const comment: ReviewComment = { ...asKari, id: thread.length + 1, body, decision: null, author: { id: 3, firstName: 'Ingrid', lastName: 'Solberg' } };
      thread.push(comment);
      return HttpResponse.json(comment, { status: 201 });
    }),
  );
}

function openThread() {
  signedIn(queryClient, 'user');
  return renderScreen('/sop/7', <ReviewThreadWithReply versionId={40} versionNumber="2.0" />, queryClient);
}

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('the review thread on the SOP page', () => {
  it('shows who wrote what, with the decision it came with', async () => {
    office([asKari]);
    openThread();
    const thread = await screen.findByTestId('review-thread');
    expect(within(thread).getByText('Kari Lund')).toBeTruthy();
    expect(within(thread).getByText('Requested changes')).toBeTruthy();
    expect(within(thread).getByText('Name the fuel grade.')).toBeTruthy();
  });

  it('says when nobody has commented yet, and refuses an empty reply without sending it', async () => {
    office([]);
    openThread();
    expect(await screen.findByText('No comments on this version yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reply on version 2.0'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post reply' }));
    expect(await screen.findByText('Write a comment first')).toBeTruthy();
    await settled();
    expect(asked()).toEqual([`GET ${COMMENTS}`]);
  });

  it('posts a reply, shows it in the thread and empties the box', async () => {
    office([asKari]);
    openThread();
    await screen.findByTestId('review-thread');
    fireEvent.change(screen.getByLabelText('Reply on version 2.0'), { target: { value: 'Done: grade named in step 3.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post reply' }));
    expect(await screen.findByText('Comment added to the review thread')).toBeTruthy();
    expect(await within(screen.getByTestId('review-thread')).findByText('Done: grade named in step 3.')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Reply on version 2.0') as HTMLTextAreaElement).value).toBe(''));
    expect(await bodiesOf(`POST ${COMMENTS}`)).toEqual([{ body: 'Done: grade named in step 3.' }]);
    expect(asked()).toEqual([`GET ${COMMENTS}`, `POST ${COMMENTS}`, `GET ${COMMENTS}`]);
  });

  it('says the comments could not be loaded', async () => {
    network.use(http.get(COMMENTS, () => HttpResponse.json({ message: 'Internal error', code: 'internal' }, { status: 500 })));
    openThread();
    expect(await screen.findByText('The comments could not be loaded.')).toBeTruthy();
  });
});
