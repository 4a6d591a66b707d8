import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AttestationSummary } from '@common/contracts/approvals';
import type { Attachment } from '@common/contracts/attachments';
import type { SopReading } from '@common/contracts/reading';
import type { VersionComparison } from '@common/contracts/review-loop';
import { queryClient } from '@/lib/query-client';
import { forgetWaitingAttestations } from '@/offline/attestation-queue';
import { fleetStatus, settings, sopVersion } from '@/test/fixtures';
import { asked, bodiesOf, network } from '@/test/network';
import { renderScreen, signedIn } from '@/test/render';
import { ReadAndAttest } from './read-and-attest';

const ATTEST = 'POST /api/sop-versions/40/attestations';
const plan: Attachment = {
  id: 401,
  versionId: 40,
  filename: 'plan.pdf',
  originalName: 'Mooring plan.pdf',
  mimeType: 'application/pdf',
  size: 1000,
  objectPath: null,
  fileURL: null,
  createdAt: '2026-11-01T08:00:00.000Z',
  previewStatus: 'ready',
  textStatus: 'ready',
};
const inForce = (attachments: Attachment[] = []) =>
  sopVersion(7, 40, { versionNumber: '2.0', isPublished: true, approvedAt: '2026-11-10T08:00:00.000Z', attachments });
const mustRead: SopReading = {
  versionId: 40,
  versionNumber: '2.0',
  required: true,
  attested: false,
  dueDate: '2026-11-24',
  overdue: false,
  lastAttested: null,
  changes: [],
};

/**
 * The office: what the reader has done with version 40 (`summary`, as it stands when asked),
 * whether they must read it, and the settings (no signatures). An attestation is recorded.
 */
function office(summary: { current: AttestationSummary } | (() => Response)) {
  network.use(
    http.get('/api/sop-versions/40/attestations', () => (typeof summary === 'function' ? summary() : HttpResponse.json(summary.current))),
    http.get('/api/sops/7/reading', () => HttpResponse.json(mustRead)),
    http.get('/api/settings', () => HttpResponse.json(settings)),
    http.get('/api/fleet/status', () => HttpResponse.json(fleetStatus('office'))),
    http.post('/api/sop-versions/40/attestations', () => {
      if (typeof summary !== 'function')
        summary.current = { ...summary.current, count: summary.current.count + 1, attestedByMe: true, attestedAt: '2026-11-27T09:30:00.000Z' };
      return HttpResponse.json({}, { status: 201 });
    }),
  );
}
const notYet = (opened: number[] = []): { current: AttestationSummary } => ({
  current: { versionId: 40, count: 3, attestedByMe: false, attestedAt: null, opened },
});

function openCard(attachments: Attachment[] = []) {
  signedIn(queryClient, 'user');
  return renderScreen(
    '/sop/7',
    <ReadAndAttest sop={{ id: 7, title: 'Mooring lines', effectiveVersionId: 40, versions: [inForce(attachments)] }} />,
    queryClient,
  );
}

const statement = 'I have read and understood version 2.0 of Mooring lines';

afterEach(() => {
  cleanup();
  queryClient.clear();
  forgetWaitingAttestations();
  vi.restoreAllMocks();
});

describe('Read & Attest', () => {
  it('shows what changed since the version attested: the changelog, and the comparison once unfolded', async () => {
    office(notYet());
    const since: SopReading = {
      ...mustRead,
      lastAttested: { versionId: 30, versionNumber: '1.0', attestedAt: '2026-11-01T08:00:00.000Z' },
      changes: [{ versionId: 40, versionNumber: '2.0', approvedAt: '2026-11-10T08:00:00.000Z', changelog: 'Ventilation shortened' }],
    };
    const comparison: VersionComparison = {
      from: { id: 30, versionNumber: '1.0' },
      to: { id: 40, versionNumber: '2.0' },
      content: [
        { op: 'equal', text: 'Ventilate for ' },
        { op: 'delete', text: '15' },
        { op: 'insert', text: '10' },
        { op: 'equal', text: ' minutes' },
      ],
      files: [],
    };
    network.use(
      http.get('/api/sops/7/reading', () => HttpResponse.json(since)),
      http.get('/api/sops/7/reading/changes', () => HttpResponse.json(comparison)),
    );
    openCard();
    const summary = await screen.findByText('What changed since version 1.0, which you attested');
    expect(screen.getByText('Ventilation shortened')).toBeTruthy();
    // Folded, it asks for nothing; unfolded, it shows the comparison with the attested version.
    expect(asked()).not.toContain('GET /api/sops/7/reading/changes');
    const details = summary.closest('details') as HTMLDetailsElement;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    const shown = await screen.findByTestId('reading-comparison');
    expect(await within(shown).findByText('Changes from v1.0 to v2.0')).toBeTruthy();
    expect(shown.querySelector('ins[data-op]')?.textContent).toBe('Added: 10');
    expect(shown.querySelector('del[data-op]')?.textContent).toBe('Removed: 15');
  });

  it('asks the reader to attest, and records the attestation once confirmed', async () => {
    office(notYet());
    openCard();
    expect(await screen.findByText('Waiting for you: please read version 2.0 and attest by Nov 24, 2026')).toBeTruthy();
    expect(screen.getByText('3 people have attested')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: statement }));

    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Confirm your attestation')).toBeTruthy();
    expect(asked().filter((line) => line.startsWith('POST'))).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Attest' }));

    expect(await screen.findByText('Your attestation has been recorded')).toBeTruthy();
    expect(await screen.findByText(/^You attested version 2.0 on /)).toBeTruthy();
    expect(screen.getByText('4 people have attested')).toBeTruthy();
    expect(await bodiesOf(ATTEST)).toEqual([undefined]);
    expect(screen.queryByRole('button', { name: statement })).toBeNull();
    // What an attestation changes is read again: the reading notice, and (on a ship) what waits to be sent.
    const reread = asked().filter((line) => line === 'GET /api/sops/7/reading' || line === 'GET /api/fleet/status');
    expect(reread.sort()).toEqual(['GET /api/fleet/status', 'GET /api/sops/7/reading', 'GET /api/sops/7/reading']);
  });

  it('offers attesting only once every file of the version is opened', async () => {
    office(notYet());
    openCard([plan]);
    expect(await screen.findByText('Open “Mooring plan.pdf” to attest.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Files of this version' })).getByText(/not opened yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: statement })).toBeNull();
    cleanup();
    queryClient.clear();

    office(notYet([401]));
    openCard([plan]);
    expect(await screen.findByRole('button', { name: statement })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Files of this version' })).getByText(/opened/)).toBeTruthy();
  });

  it('with no link keeps the attestation in this browser, says it waits, and sends nothing', async () => {
    office(notYet());
    openCard();
    fireEvent.click(await screen.findByRole('button', { name: statement }));
    const dialog = await screen.findByRole('alertdialog');
    act(() => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      window.dispatchEvent(new Event('offline'));
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Attest' }));
    expect(await screen.findByText('Waiting to send: your attestation is recorded when the link returns.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(asked().filter((line) => line.startsWith('POST'))).toEqual([]);
    expect(screen.getByText('3 people have attested')).toBeTruthy();
  });

  it('says the attestations could not be loaded, and Try again asks once more', async () => {
    let fail = true;
    office(() => (fail ? HttpResponse.json({ message: 'Internal error', code: 'internal' }, { status: 500 }) : HttpResponse.json(notYet().current)));
    openCard();
    expect(await screen.findByText(/The attestations could not be loaded./)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('3 people have attested')).toBeTruthy();
    expect(asked().filter((line) => line === 'GET /api/sop-versions/40/attestations')).toHaveLength(2);
  });

  it('says attesting opens once a version is approved, when none is in force', () => {
    signedIn(queryClient, 'user');
    renderScreen('/sop/7', <ReadAndAttest sop={{ id: 7, title: 'Mooring lines', effectiveVersionId: null, versions: [sopVersion(7, 40)] }} />, queryClient);
    expect(screen.getByText('No published version yet. Attestation opens once a version is approved.')).toBeTruthy();
  });
});
