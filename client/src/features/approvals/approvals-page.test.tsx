import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { Route } from 'wouter';
import { afterEach, describe, expect, it } from 'vitest';
import type { DecidedTask } from '@common/contracts/approvals';
import type { ApprovalTask, SopDetail } from '@common/contracts/sops';
import { COMMENT_REQUIRED_MESSAGE } from '@common/sop-lifecycle';
import { queryClient } from '@/lib/query-client';
import { settings, sopListItem, sopVersion } from '@/test/fixtures';
import { asked, bodiesOf, network } from '@/test/network';
import { address, renderScreen, signedIn } from '@/test/render';
import ApprovalsPage from './approvals-page';

const AT = '2026-11-20T08:00:00.000Z';

/** The version submitted for approval: 2.0, a minor revision by Ola Nordmann. */
const versionOf = (sopId: number, versionId: number) =>
  sopVersion(sopId, versionId, {
    versionNumber: '2.0',
    changelog: 'Named the fuel',
    createdBy: 4,
    submittedBy: 4,
    submittedAt: AT,
    revisionClass: 'minor',
    submittedByUser: { firstName: 'Ola', lastName: 'Nordmann' },
  });

/** A task waiting for the approver on the default route (one step, one approval). */
function taskFor(id: number, sopId: number, title: string): ApprovalTask {
  return {
    id,
    versionId: sopId * 10,
    approverId: 3,
    status: 'pending',
    dueAt: null,
    comments: null,
    createdAt: AT,
    updatedAt: AT,
    version: { ...versionOf(sopId, sopId * 10), sop: { id: sopId, title, status: 'submitted', department: { name: 'Deck' } } },
    step: { index: 0, count: 1, name: 'Approval', required: 1, approverIds: null, coApprovers: [], signatures: [] },
    decideFor: null,
    sentBack: null,
  };
}
const bunkering = taskFor(11, 1, 'Bunkering');
const mooring = taskFor(12, 2, 'Mooring lines');

/** The SOP as the approve dialog reads it: this version waiting, and it will be the first in force. */
const detailOf = (task: ApprovalTask): SopDetail => ({
  ...sopListItem(task.version.sop.id, { title: task.version.sop.title, status: 'submitted', inForce: null, hasPublishedVersion: false }),
  latestVersion: versionOf(task.version.sop.id, task.versionId),
  versions: [versionOf(task.version.sop.id, task.versionId)],
  effectiveVersionId: null,
});
const decided = (task: ApprovalTask, status: DecidedTask['status']): DecidedTask => {
  const { version: _version, decideFor: _decideFor, sentBack: _sentBack, ...rest } = task;
  return { ...rest, status, sopId: task.version.sop.id, sopStatus: status === 'approved' ? 'published' : 'changes_requested', sopKind: 'sop' };
};

/**
 * The approver's office: the pending tasks (`pending`, read anew each time), each version's
 * review thread (empty), the settings (no signatures) and the SOPs the approve dialog opens;
 * a decision takes the task off the list.
 */
function office(pending: ApprovalTask[] | (() => Response)) {
  let waiting = Array.isArray(pending) ? pending : [];
  network.use(
    http.get('/api/approvals', () => (Array.isArray(pending) ? HttpResponse.json(waiting) : pending())),
    http.get('/api/sop-versions/:id/comments', () => HttpResponse.json([])),
    http.get('/api/settings', () => HttpResponse.json(settings)),
    http.get('/api/translations/outdated', () => HttpResponse.json([])),
    http.get('/api/sops/:id', ({ params }) => HttpResponse.json(detailOf(waiting.find((t) => t.version.sop.id === Number(params.id)) ?? bunkering))),
    http.put('/api/approvals/:id', async ({ params, request }) => {
      const task = waiting.find((t) => t.id === Number(params.id)) as ApprovalTask;
      waiting = waiting.filter((t) => t !== task);
      const { status } = (await request.json()) as { status: DecidedTask['status'] };
      return HttpResponse.json(decided(task, status));
    }),
  );
}

function openCenter(path = '/approvals') {
  signedIn(queryClient, 'approver');
  return renderScreen(
    path,
    <>
      <Route path="/approvals" component={ApprovalsPage} />
      <Route path="/approvals/:taskId" component={ApprovalsPage} />
    </>,
    queryClient,
  );
}

const queue = () => screen.getByRole('navigation', { name: /Pending Approvals/ });
const decision = () => screen.getByRole('region', { name: 'Decision' });

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('the Approval Center', () => {
  it('lists the tasks waiting, counted, and shows the first', async () => {
    office([bunkering, mooring]);
    openCenter();
    expect(await screen.findByText('Pending Approvals')).toBeTruthy();
    expect(within(queue()).getByText('(2)')).toBeTruthy();
    const [first, second] = within(queue()).getAllByRole('button');
    expect(first.textContent).toContain('Bunkering');
    expect(first.textContent).toContain('Deck · v2.0');
    expect(first.getAttribute('aria-current')).toBe('true');
    expect(second.textContent).toContain('Mooring lines');

    fireEvent.click(second);
    await waitFor(() => expect(address()).toBe('/approvals/12'));
    expect(within(queue()).getAllByRole('button')[1].getAttribute('aria-current')).toBe('true');
  });

  it('says when nothing waits', async () => {
    office([]);
    openCenter();
    expect(await screen.findByText('No pending approvals')).toBeTruthy();
    expect(screen.getByText('Submitted SOPs waiting for your decision will appear here.')).toBeTruthy();
  });

  it('says the tasks could not be loaded, and Try again asks once more', async () => {
    let fail = true;
    office(() => (fail ? HttpResponse.json({ message: 'Internal error', code: 'internal' }, { status: 500 }) : HttpResponse.json([])));
    openCenter();
    expect(await screen.findByText('The approval tasks could not be loaded.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No pending approvals')).toBeTruthy();
    expect(asked().filter((line) => line === 'GET /api/approvals')).toHaveLength(2);
  });

  it('says a linked task is not waiting, beside the tasks that are', async () => {
    office([bunkering]);
    openCenter('/approvals/99');
    expect(await screen.findByText('This approval task is not waiting for your decision')).toBeTruthy();
    expect(screen.getByText('Task 99 may have been decided already, or the link is wrong.')).toBeTruthy();
    expect(within(queue()).getByText('Bunkering')).toBeTruthy();
  });
});

describe('a task opened by its address', () => {
  it('opens on the document: the queue waits behind one tap, and every file offers Read', async () => {
    const withFile: ApprovalTask = {
      ...mooring,
      version: {
        ...mooring.version,
        attachments: [
          {
            id: 70,
            versionId: 20,
            filename: 'mooring-lines.pdf',
            originalName: 'mooring-lines.pdf',
            mimeType: 'application/pdf',
            size: 2048,
            objectPath: '/objects/70',
            fileURL: null,
            createdAt: AT,
            hasPreview: true,
            previewStatus: 'ready',
            textStatus: 'ready',
          },
        ],
      },
    };
    office([bunkering, withFile]);
    openCenter('/approvals/12');
    const toggle = await screen.findByRole('button', { name: 'Pending approvals (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // Collapsed below 1024 px (the class only acts there); the button opens it in place.
    expect(document.getElementById('pending-queue')?.className).toContain('max-lg:hidden');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById('pending-queue')?.className).not.toContain('max-lg:hidden');
    expect(screen.getByRole('button', { name: 'Read mooring-lines.pdf' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download mooring-lines.pdf' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Files (1)' })).toBeTruthy();
  });

  it('opened from /approvals, the queue shows with no button to hide it', async () => {
    office([bunkering, mooring]);
    openCenter();
    expect(await screen.findByText('Pending Approvals')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pending approvals \(/ })).toBeNull();
  });

  it('a resubmission shows the request and the reply on the version sent back, and what changed since it', async () => {
    const again: ApprovalTask = { ...mooring, sentBack: { versionId: 15, versionNumber: '1.0' } };
    office([again]);
    network.use(
      http.get('/api/sop-versions/15/comments', () =>
        HttpResponse.json([
          {
            id: 1,
            versionId: 15,
            versionNumber: '1.0',
            body: 'Name the officer who stops the work.',
            decision: 'changes_requested',
            createdAt: AT,
            author: { id: 3, firstName: 'Maria', lastName: 'Santos' },
          },
          {
            id: 2,
            versionId: 15,
            versionNumber: '1.0',
            body: 'The chief officer stops it.',
            decision: null,
            createdAt: AT,
            author: { id: 4, firstName: 'Ola', lastName: 'Nordmann' },
          },
        ]),
      ),
      http.get('/api/sops/:id/compare', () =>
        HttpResponse.json({
          from: { id: 15, versionNumber: '1.0' },
          to: { id: 20, versionNumber: '2.0' },
          content: [
            { op: 'delete', text: 'Stop when unsafe.\n' },
            { op: 'insert', text: 'The chief officer stops the work.\n' },
          ],
          files: [],
        }),
      ),
    );
    openCenter('/approvals/12');
    const context = await screen.findByTestId('resubmission');
    expect(within(context).getByRole('heading', { name: 'Changes were requested on version 1.0' })).toBeTruthy();
    expect(await within(context).findByText('Name the officer who stops the work.')).toBeTruthy();
    expect(within(context).getByText('The chief officer stops it.')).toBeTruthy();
    expect(await within(context).findByText(/The chief officer stops the work\./)).toBeTruthy();
    expect(asked()).toContain('GET /api/sops/2/compare?from=15&to=20');
  });
});

describe('deciding a task', () => {
  it('refuses to request changes without a comment, and sends nothing', async () => {
    office([bunkering]);
    openCenter();
    fireEvent.click(await screen.findByRole('button', { name: 'Request Changes' }));
    expect((await within(decision()).findByRole('alert')).textContent).toBe(COMMENT_REQUIRED_MESSAGE);
    expect(asked().filter((line) => !line.startsWith('GET'))).toEqual([]);
  });

  it('requests changes with the comment, then shows the next task', async () => {
    office([bunkering, mooring]);
    openCenter();
    fireEvent.change(await screen.findByLabelText('Comment for the author'), { target: { value: 'Name the fuel grade.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request Changes' }));
    expect(await screen.findByText('Changes requested: the SOP goes back to its author')).toBeTruthy();
    expect(await bodiesOf('PUT /api/approvals/11')).toEqual([{ status: 'changes_requested', comments: 'Name the fuel grade.' }]);
    await waitFor(() => expect(address()).toBe('/approvals/12'));
    await waitFor(() => expect(within(queue()).getByText('(1)')).toBeTruthy());
    expect((screen.getByLabelText('Comment for the author') as HTMLTextAreaElement).value).toBe('');
  });

  it('approves only once confirmed, with the facts in view and the revision class the version was submitted with', async () => {
    office([bunkering]);
    openCenter();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(await within(dialog).findByText('Approve "Bunkering"?')).toBeTruthy();
    expect(within(dialog).getByText('Approving publishes this version: it becomes the version in force for every reader.')).toBeTruthy();
    expect(await within(dialog).findByText('Named the fuel')).toBeTruthy();
    expect(within(dialog).getByText('No version is in force yet: this will be the first approved version.')).toBeTruthy();
    expect(asked().filter((line) => !line.startsWith('GET'))).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm approval' }));
    expect(await screen.findByText('Approved: this version is now in force')).toBeTruthy();
    expect(await bodiesOf('PUT /api/approvals/11')).toEqual([{ status: 'approved', comments: '', revisionClass: 'minor' }]);
    expect(await screen.findByText('No pending approvals')).toBeTruthy();
    expect(address()).toBe('/approvals');
  });
});
