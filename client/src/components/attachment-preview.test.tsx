import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient } from '@/test/render';
import { AttachmentPreview } from './attachment-preview';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AttachmentPreview', () => {
  it('shows a failed preview as unavailable without asking the server', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithClient(<AttachmentPreview attachmentId={7} name="bomb.pdf" status="failed" />);
    expect(screen.getByText('Preview not available')).toBeTruthy();
    expect(screen.getByText('The preview could not be generated')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks once for a missing preview and stops when the server says it failed', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? new Response(JSON.stringify({ message: 'The preview could not be generated' }), { status: 422 })
        : new Response('{}', { status: 404 }),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithClient(<AttachmentPreview attachmentId={8} name="broken.pdf" status="pending" unavailableText="Preview unavailable" />);
    expect(screen.getByText('Generating preview...')).toBeTruthy();
    expect(await screen.findByText('Preview unavailable')).toBeTruthy();
    expect(fetch.mock.calls.map(([, init]) => init?.method ?? 'GET')).toEqual(['GET', 'POST']);
  });
});
