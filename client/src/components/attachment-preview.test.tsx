import { cleanup, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { asked, network } from '@/test/network';
import { renderWithClient, settled, signedIn } from '@/test/render';
import { AttachmentPreview } from './attachment-preview';

afterEach(cleanup);

describe('AttachmentPreview', () => {
  it('shows a failed preview as unavailable without asking the server', async () => {
    // Signed in already: the user is not read again either.
    const client = new QueryClient();
    signedIn(client, 'user');
    renderWithClient(<AttachmentPreview attachmentId={7} name="bomb.pdf" status="failed" />, client);
    expect(screen.getByText('Preview not available')).toBeTruthy();
    expect(screen.getByText('The preview could not be generated')).toBeTruthy();
    await settled();
    expect(asked()).toEqual([]);
  });

  it('asks once for a missing preview and stops when the server says it failed', async () => {
    network.use(
      http.get('/api/attachments/8/preview', () => HttpResponse.json({}, { status: 404 })),
      http.post('/api/attachments/8/preview', () => HttpResponse.json({ message: 'The preview could not be generated' }, { status: 422 })),
    );
    const client = new QueryClient();
    signedIn(client, 'user');
    renderWithClient(<AttachmentPreview attachmentId={8} name="broken.pdf" status="pending" unavailableText="Preview unavailable" />, client);
    expect(screen.getByText('Generating preview...')).toBeTruthy();
    expect(await screen.findByText('Preview unavailable')).toBeTruthy();
    expect(asked()).toEqual(['GET /api/attachments/8/preview', 'POST /api/attachments/8/preview']);
  });

  it("on a ship's copy shows a stored preview but never asks the server to make one (the ship makes its own)", async () => {
    network.use(http.get('/api/attachments/9/preview', () => HttpResponse.json({}, { status: 404 })));
    const client = new QueryClient();
    signedIn(client, 'admin', 'ship');
    renderWithClient(<AttachmentPreview attachmentId={9} name="arriving.pdf" status="pending" />, client);
    expect(await screen.findByText('Preview not available')).toBeTruthy();
    await settled();
    expect(asked()).toEqual(['GET /api/attachments/9/preview']);
  });
});
