import { cleanup, fireEvent, screen } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { network } from '@/test/network';
import { catchDownloads } from '@/test/downloads';
import { renderScreen, signedIn } from '@/test/render';
import { InspectionPackButtons } from './inspection-pack-buttons';

let saved: string[] = [];
beforeEach(() => {
  saved = catchDownloads();
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
});

function renderButtons() {
  signedIn(queryClient, 'approver');
  renderScreen('/fleet', <InspectionPackButtons code="AURORA" vesselName="Aurora Star" />, queryClient);
}

describe('the inspection pack buttons', () => {
  it('say they are working while the server makes the PDF, then save it under its name', async () => {
    network.use(
      http.get('/api/fleet/vessels/AURORA/inspection-pack', async () => {
        await delay(50);
        return new HttpResponse(new Uint8Array([37, 80, 68, 70]), {
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="inspection-pack-AURORA-2026-11-29T144200Z.pdf"' },
        });
      }),
    );
    renderButtons();
    fireEvent.click(screen.getByRole('button', { name: /^Inspection pack \(PDF\)\s*of Aurora Star$/ }));
    expect(await screen.findByText('Making the pack...')).toBeTruthy();
    expect((screen.getByRole('button', { name: /^Inspection data \(CSV, ZIP\)\s*of Aurora Star$/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('Inspection pack ready')).toBeTruthy();
    expect(saved).toEqual(['inspection-pack-AURORA-2026-11-29T144200Z.pdf']);
    expect(screen.queryByText('Making the pack...')).toBeNull();
  });

  it("says why when the server refuses, in the server's words, and saves nothing", async () => {
    network.use(
      http.get('/api/fleet/vessels/AURORA/inspection-pack.zip', () =>
        HttpResponse.json({ code: 'not_found', message: 'No vessel with the code "AURORA" is registered' }, { status: 404 }),
      ),
    );
    renderButtons();
    fireEvent.click(screen.getByRole('button', { name: /^Inspection data \(CSV, ZIP\)\s*of Aurora Star$/ }));
    expect(await screen.findByText('Inspection pack failed')).toBeTruthy();
    expect(await screen.findByText('No vessel with the code "AURORA" is registered')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
