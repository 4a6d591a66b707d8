import { type QueryClient, useQuery } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { asked, bodiesOf, network } from '@/test/network';
import { appClient, renderWithClient, settled } from '@/test/render';
import {
  forgetWaitingAttestations,
  queueAttestation,
  queueOpening,
  sendWaitingAttestations,
  useSendWaitingAttestations,
  useWaitingAttestation,
  useWaitingOpenings,
} from './attestation-queue';

const INGRID = 3;
const attestationOf = (versionId: number) => `POST /api/sop-versions/${versionId}/attestations`;
const openingOf = (versionId: number) => `POST /api/sop-versions/${versionId}/reads`;

/** The server records attestations and openings (an empty 201), unless `answer` says otherwise for a version. */
function office(answer: (versionId: number) => Response | undefined = () => undefined) {
  const recorded = ({ params }: { params: Record<string, string | readonly string[] | undefined> }) =>
    answer(Number(params.id)) ?? HttpResponse.json({}, { status: 201 });
  network.use(http.post('/api/sop-versions/:id/attestations', recorded), http.post('/api/sop-versions/:id/reads', recorded));
}

const setOnline = (online: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

/** What the reading card shows of one version's waiting attestation and openings. */
function Waiting({ versionId }: { versionId: number }) {
  const waiting = useWaitingAttestation(INGRID, versionId);
  const openings = useWaitingOpenings(INGRID, versionId);
  return (
    <p data-testid={`waiting-${versionId}`}>
      {waiting ? 'Waiting to send' : 'Nothing waiting'}; files waiting: {openings.join(',') || 'none'}
    </p>
  );
}
/** The queue's sender, mounted for the signed-in user as the app mounts it. */
function Sender({ client }: { client: QueryClient }) {
  useSendWaitingAttestations(INGRID, client);
  return null;
}
const shown = (versionId: number) => screen.getByTestId(`waiting-${versionId}`).textContent;

beforeEach(() => setOnline(true));
afterEach(() => {
  cleanup();
  forgetWaitingAttestations();
  vi.restoreAllMocks();
});

describe('attestations made with no link', () => {
  it('wait in this browser, once each, and are sent when the link returns: the openings first', async () => {
    office();
    setOnline(false);
    const client = appClient();
    renderWithClient(
      <>
        <Sender client={client} />
        <Waiting versionId={40} />
      </>,
      client,
    );
    act(() => {
      queueOpening(INGRID, 40, 401);
      queueOpening(INGRID, 40, 401);
      queueOpening(INGRID, 40, 402);
      queueAttestation(INGRID, 40);
      queueAttestation(INGRID, 40);
    });
    expect(shown(40)).toBe('Waiting to send; files waiting: 401,402');
    await settled();
    expect(asked()).toEqual([]);

    act(() => setOnline(true));
    await waitFor(() => expect(shown(40)).toBe('Nothing waiting; files waiting: none'));
    expect(asked()).toEqual([openingOf(40), openingOf(40), attestationOf(40)]);
    expect(await bodiesOf(openingOf(40))).toEqual([{ attachmentId: 401 }, { attachmentId: 402 }]);
  });

  it('are kept for the next try when the link drops again on the way', async () => {
    network.use(http.post('/api/sop-versions/:id/attestations', () => HttpResponse.error()));
    queueAttestation(INGRID, 40);
    queueAttestation(INGRID, 41);
    await sendWaitingAttestations(INGRID, appClient());
    // The first found no link: the second was not tried.
    expect(asked()).toEqual([attestationOf(40)]);

    renderWithClient(
      <>
        <Waiting versionId={40} />
        <Waiting versionId={41} />
      </>,
    );
    expect(shown(40)).toBe('Waiting to send; files waiting: none');
    expect(shown(41)).toBe('Waiting to send; files waiting: none');

    // The link is back: the sender mounted online sends both.
    office();
    const client = appClient();
    renderWithClient(<Sender client={client} />, client);
    await waitFor(() => expect(shown(41)).toBe('Nothing waiting; files waiting: none'));
    expect(shown(40)).toBe('Nothing waiting; files waiting: none');
    expect(asked()).toEqual([attestationOf(40), attestationOf(40), attestationOf(41)]);
  });

  it('keep the language of the translation read, and send it with the attestation', async () => {
    office();
    queueAttestation(INGRID, 40, 'fil');
    queueAttestation(INGRID, 40, 'fil');
    queueAttestation(INGRID, 41);
    await sendWaitingAttestations(INGRID, appClient());
    expect(asked()).toEqual([attestationOf(40), attestationOf(41)]);
    expect(await bodiesOf(attestationOf(40))).toEqual([{ language: 'fil' }]);
    expect(await bodiesOf(attestationOf(41))).toEqual([undefined]);
  });

  it('are kept when the server fails (5xx), and dropped when it refuses for good (4xx)', async () => {
    office((versionId) =>
      versionId === 40
        ? HttpResponse.json({ message: 'This version is no longer published', code: 'conflict' }, { status: 409 })
        : versionId === 41
          ? HttpResponse.json({ message: 'Internal error', code: 'internal' }, { status: 503 })
          : undefined,
    );
    queueAttestation(INGRID, 40);
    queueAttestation(INGRID, 41);
    queueAttestation(INGRID, 42);
    await sendWaitingAttestations(INGRID, appClient());
    // 40 was refused for good and is gone; 41 found the server failing and waits, and 42 behind it.
    expect(asked()).toEqual([attestationOf(40), attestationOf(41)]);
    renderWithClient(
      <>
        <Waiting versionId={40} />
        <Waiting versionId={41} />
        <Waiting versionId={42} />
      </>,
    );
    expect(shown(40)).toBe('Nothing waiting; files waiting: none');
    expect(shown(41)).toBe('Waiting to send; files waiting: none');
    expect(shown(42)).toBe('Waiting to send; files waiting: none');
  });

  it('sent, refresh what they change: the SOP reading panels and the user’s reading list', async () => {
    office();
    let reads = 0;
    network.use(
      http.get('/api/sops/5/reading', () => HttpResponse.json({ reads: ++reads })),
      http.get('/api/reading', () => HttpResponse.json([])),
    );
    const client = appClient(Number.POSITIVE_INFINITY);
    function Panel() {
      const reading = useQuery<{ reads: number }>({ queryKey: ['/api/sops/5/reading'] });
      useQuery({ queryKey: queryKeys.reading.mine() });
      return <p data-testid="panel">{reading.data ? `read ${reading.data.reads}` : 'loading'}</p>;
    }
    renderWithClient(<Panel />, client);
    expect(await screen.findByText('read 1')).toBeTruthy();
    queueAttestation(INGRID, 40);
    await sendWaitingAttestations(INGRID, client);
    expect(await screen.findByText('read 2')).toBeTruthy();
    expect(asked().filter((line) => line === 'GET /api/reading')).toHaveLength(2);
  });

  it('are sent once when two sends start together', async () => {
    office();
    queueAttestation(INGRID, 40);
    const client = appClient();
    await Promise.all([sendWaitingAttestations(INGRID, client), sendWaitingAttestations(INGRID, client)]);
    expect(asked()).toEqual([attestationOf(40)]);
  });

  it("are the user's own: another user's are not sent, and signing out forgets them all", async () => {
    office();
    queueAttestation(4, 40);
    await sendWaitingAttestations(INGRID, appClient());
    expect(asked()).toEqual([]);

    forgetWaitingAttestations();
    await sendWaitingAttestations(4, appClient());
    expect(asked()).toEqual([]);
  });
});
