import { cleanup, fireEvent, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ManualCopyJob } from '@common/contracts/manuals';
import { queryClient } from '@/lib/query-client';
import { asked, network } from '@/test/network';
import { catchDownloads } from '@/test/downloads';
import { renderScreen, signedIn } from '@/test/render';
import { ControlledCopyButton } from './controlled-copy-button';

const JOB = '3f2b8c1e-2a4d-4e8f-9b1c-5d6e7f8a9b0c';
const job = (change: Partial<ManualCopyJob>): ManualCopyJob => ({ id: JOB, manualId: 4, state: 'making', done: 0, total: 3, message: null, ...change });

let saved: string[] = [];
beforeEach(() => {
  saved = catchDownloads();
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
});

/**
 * The server answers the job's progress in these steps, one per question. The first step is
 * answered at once; each later one only once the test calls the `advance` returned, so a step
 * the test looks for is still on screen when it looks, however slow the machine.
 */
function serverMakes(steps: ManualCopyJob[]) {
  let asks = 0;
  let released = 1;
  let waiting: (() => void)[] = [];
  const advance = () => {
    released += 1;
    for (const wake of waiting) wake();
    waiting = [];
  };
  network.use(
    http.post('/api/manuals/4/controlled-copy-jobs', () => HttpResponse.json(job({}), { status: 202 })),
    http.get(`/api/manual-copy-jobs/${JOB}`, async () => {
      const step = Math.min(asks++, steps.length - 1);
      while (step >= released) await new Promise<void>((wake) => waiting.push(wake));
      return HttpResponse.json(steps[step]);
    }),
    http.get(
      `/api/manual-copy-jobs/${JOB}/file`,
      () =>
        new HttpResponse(new Uint8Array([37, 80, 68, 70]), {
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="FOM Fleet Operations (controlled copy 2026-11-29).pdf"' },
        }),
    ),
  );
  return advance;
}

function renderButton() {
  signedIn(queryClient, 'user');
  renderScreen('/manuals/4', <ControlledCopyButton manualId={4} pollMs={5} />, queryClient);
}

describe('the controlled copy of a manual', () => {
  it('says how far the copy is while it is made, then saves the PDF once', async () => {
    const advance = serverMakes([job({ done: 1 }), job({ done: 3 }), job({ state: 'ready', done: 3 })]);
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Controlled copy' }));
    expect(await screen.findByText('1 of 3 section files stamped')).toBeTruthy();
    advance();
    expect(await screen.findByText('Putting the manual together...')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Preparing...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(saved).toEqual([]);
    advance();
    expect(await screen.findByText('Controlled copy ready')).toBeTruthy();
    expect(saved).toEqual(['FOM Fleet Operations (controlled copy 2026-11-29).pdf']);
    expect(asked().filter((line) => line.endsWith('/file'))).toEqual([`GET /api/manual-copy-jobs/${JOB}/file`]);
    // Done: the button is back, the progress gone.
    expect((await screen.findByRole('button', { name: 'Controlled copy' })).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByTestId('copy-progress')).toBeNull();
  });

  it("shows the server's reason when the copy fails, and fetches nothing", async () => {
    serverMakes([job({ state: 'failed', message: 'The controlled copy could not be made: section 2.1 is not a readable PDF' })]);
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Controlled copy' }));
    expect(await screen.findByText('The controlled copy could not be made: section 2.1 is not a readable PDF')).toBeTruthy();
    expect(screen.getByText('Controlled copy failed')).toBeTruthy();
    expect(saved).toEqual([]);
    expect(asked().filter((line) => line.endsWith('/file'))).toEqual([]);
  });

  it('shows a refusal to start (too many at once) and starts nothing', async () => {
    network.use(
      http.post('/api/manuals/4/controlled-copy-jobs', () =>
        HttpResponse.json(
          { message: 'At most 2 controlled copies can be made for you at once: wait for one to finish', code: 'rate_limited' },
          { status: 429 },
        ),
      ),
    );
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Controlled copy' }));
    expect(await screen.findByText('At most 2 controlled copies can be made for you at once: wait for one to finish')).toBeTruthy();
    expect(asked().filter((line) => line.includes('/api/manual-copy-jobs/'))).toEqual([]);
  });
});
