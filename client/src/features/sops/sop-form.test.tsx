import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { Route } from 'wouter';
import { afterEach, describe, expect, it } from 'vitest';
import type { SopDetail } from '@common/contracts/sops';
import { queryClient } from '@/lib/query-client';
import { departments, positions, sopListItem, sopVersion } from '@/test/fixtures';
import { asked, bodiesOf, network } from '@/test/network';
import { address, renderScreen, signedIn } from '@/test/render';
import { choose } from '@/test/radix';
import SopFormPage from './sop-form-page';

/** The form's reads (departments, templates: none) and the SOP list the save refreshes. */
function serveReads() {
  network.use(
    http.get('/api/departments', () => HttpResponse.json(departments)),
    http.get('/api/positions', () => HttpResponse.json(positions)),
    http.get('/api/templates', () => HttpResponse.json([])),
  );
}

/** /sop/new and /sop/:id/edit, as the route table mounts the page. */
function openForm(path: string) {
  signedIn(queryClient, 'user');
  serveReads();
  return renderScreen(
    path,
    <>
      <Route path="/sop/new" component={SopFormPage} />
      <Route path="/sop/:id/edit" component={SopFormPage} />
    </>,
    queryClient,
  );
}

/** POST /api/sops answered: SOP 5 with its first version, 50. */
const created = () => http.post('/api/sops', () => HttpResponse.json({ id: 5, title: 'Mooring lines', latestVersionId: 50 }));

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** The new SOP form, filled in: a title (with spaces around it), Deck, and two steps. */
async function fillNewSop() {
  openForm('/sop/new');
  await screen.findByRole('button', { name: 'Save Draft' });
  type('Title *', '  Mooring lines  ');
  await choose('Department *', 'Deck');
  type('Steps & Procedures *', '1. Single up.\n2. Let go aft.');
}

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('the new SOP form', () => {
  it('says what is missing beside each field and sends nothing', async () => {
    openForm('/sop/new');
    fireEvent.click(await screen.findByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Department is required')).toBeTruthy();
    expect(screen.getByText('Content is required')).toBeTruthy();
    // Spaces alone are no content either: with the rest filled in, that message alone stays.
    type('Title *', 'Mooring lines');
    await choose('Department *', 'Deck');
    type('Steps & Procedures *', '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Submit for Approval' }));
    // Each field's message goes as that field is checked again; the content's stays.
    await waitFor(() => {
      expect(screen.queryByText('Title is required')).toBeNull();
      expect(screen.queryByText('Department is required')).toBeNull();
    });
    expect(screen.getByText('Content is required')).toBeTruthy();
    expect(asked().filter((line) => !line.startsWith('GET'))).toEqual([]);
  });

  it('creates the SOP with what was typed, says so and goes back to the list', async () => {
    network.use(created());
    await fillNewSop();
    fireEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('SOP created successfully')).toBeTruthy();
    expect(address()).toBe('/documents');
    const [body] = await bodiesOf('POST /api/sops');
    expect(body).toMatchObject({ title: 'Mooring lines', departmentId: 2, content: '1. Single up.\n2. Let go aft.', tags: [] });
    expect(asked().filter((line) => !line.startsWith('GET'))).toEqual(['POST /api/sops']);
  });

  it('Submit for Approval saves, then submits the saved SOP, and one message says both', async () => {
    network.use(
      created(),
      http.post('/api/sops/5/submit', () => new HttpResponse(null, { status: 204 })),
    );
    await fillNewSop();
    fireEvent.click(screen.getByRole('button', { name: 'Submit for Approval' }));
    expect(await screen.findByText('SOP created successfully and submitted for approval')).toBeTruthy();
    expect(address()).toBe('/documents');
    expect(asked().filter((line) => !line.startsWith('GET'))).toEqual(['POST /api/sops', 'POST /api/sops/5/submit']);
  });

  it('a refused submit leaves the saved SOP open, in the server’s words', async () => {
    network.use(
      created(),
      http.post('/api/sops/5/submit', () => HttpResponse.json({ message: 'An approval route must name an approver', code: 'conflict' }, { status: 409 })),
    );
    await fillNewSop();
    fireEvent.click(screen.getByRole('button', { name: 'Submit for Approval' }));
    expect(await screen.findByText('SOP created successfully, but it was not submitted: An approval route must name an approver')).toBeTruthy();
    expect(address()).toBe('/sop/5');
  });

  it('a refused save keeps the form and what was typed, and says why', async () => {
    network.use(http.post('/api/sops', () => HttpResponse.json({ message: 'Title must be at most 200 characters', code: 'validation' }, { status: 400 })));
    await fillNewSop();
    fireEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Title must be at most 200 characters')).toBeTruthy();
    expect(address()).toBe('/sop/new');
    expect((screen.getByLabelText('Title *') as HTMLInputElement).value).toBe('  Mooring lines  ');
    expect((screen.getByRole('button', { name: 'Save Draft' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('editing an SOP', () => {
  const draft: SopDetail = {
    ...sopListItem(7, { title: 'Bunkering', ownerId: 3, status: 'draft', hasPublishedVersion: false, inForce: null, latestVersionId: 70 }),
    latestVersion: sopVersion(7, 70, { content: 'Close the valves.' }),
    versions: [],
    effectiveVersionId: null,
  };

  /** The draft to edit, and what the server answers its save. */
  const editing = (saved: { title: string; latestVersionId: number; versionAdded: boolean; message: string }) =>
    network.use(
      http.get('/api/sops/7', () => HttpResponse.json(draft)),
      http.put('/api/sops/7', () => HttpResponse.json({ id: 7, ...saved })),
    );

  it('starts from the SOP as it is, and sends the edit with the version asked for', async () => {
    editing({ title: 'Bunkering fuel', latestVersionId: 71, versionAdded: true, message: 'Saved as version 1.1' });
    openForm('/sop/7/edit');
    expect(await screen.findByRole('heading', { name: 'Edit SOP' })).toBeTruthy();
    expect((screen.getByLabelText('Title *') as HTMLInputElement).value).toBe('Bunkering');
    expect((screen.getByLabelText('Steps & Procedures *') as HTMLTextAreaElement).value).toBe('Close the valves.');
    type('Title *', 'Bunkering fuel');
    type('Changelog', 'Named the fuel');
    fireEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('SOP updated successfully')).toBeTruthy();
    expect(address()).toBe('/documents');
    const [body] = await bodiesOf('PUT /api/sops/7');
    expect(body).toMatchObject({ title: 'Bunkering fuel', departmentId: 2, content: 'Close the valves.', changelog: 'Named the fuel', attachingFiles: false });
  });

  it('says what the server did when the save added no version', async () => {
    editing({ title: 'Bunkering', latestVersionId: 70, versionAdded: false, message: 'Nothing changed: no version was added' });
    openForm('/sop/7/edit');
    fireEvent.click(await screen.findByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Nothing changed: no version was added')).toBeTruthy();
  });

  it('refuses to edit an SOP that is waiting for a decision, before anything is typed', async () => {
    network.use(http.get('/api/sops/7', () => HttpResponse.json({ ...draft, status: 'in_review' })));
    openForm('/sop/7/edit');
    expect(await screen.findByRole('heading', { name: 'This SOP cannot be edited now' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Draft' })).toBeNull();
  });

  it('shows the reviewer’s request above the editor while the author revises after it', async () => {
    const sentBack = sopVersion(7, 70, { versionNumber: '1.0', content: 'Close the valves.', submittedAt: '2026-11-20T08:00:00.000Z' });
    const request = {
      id: 9,
      action: 'sop_changes_requested',
      at: '2026-11-21T09:30:00.000Z',
      actor: { id: 2, firstName: 'Maria', lastName: 'Santos' },
      versionId: 70,
      versionNumber: '1.0',
      comments: 'Name the fuel grade.',
      revisionClass: null,
      onBehalfOf: null,
      signature: null,
    };
    // First while changes are requested on 1.0, then with the revision 1.1 saved as a draft.
    for (const sop of [
      { ...draft, status: 'changes_requested' as const, latestVersion: sentBack, versions: [sentBack] },
      {
        ...draft,
        latestVersionId: 71,
        latestVersion: sopVersion(7, 71, { versionNumber: '1.1' }),
        versions: [sopVersion(7, 71, { versionNumber: '1.1' }), sentBack],
      },
    ]) {
      network.use(
        http.get('/api/sops/7', () => HttpResponse.json(sop)),
        http.get('/api/sops/7/history', () => HttpResponse.json([request])),
      );
      openForm('/sop/7/edit');
      const banner = await screen.findByTestId('changes-requested-banner');
      await waitFor(() => expect(banner.textContent).toContain('Changes requested by Maria Santos'));
      expect(banner.textContent).toContain('“Name the fuel grade.”');
      expect(screen.getByLabelText('Steps & Procedures *')).toBeTruthy();
      cleanup();
      queryClient.clear();
    }
  });

  it('shows no request on a draft that was never sent back', async () => {
    network.use(http.get('/api/sops/7', () => HttpResponse.json(draft)));
    openForm('/sop/7/edit');
    expect(await screen.findByRole('heading', { name: 'Edit SOP' })).toBeTruthy();
    expect(screen.queryByTestId('changes-requested-banner')).toBeNull();
    expect(asked()).not.toContain('GET /api/sops/7/history');
  });

  it('says an SOP that is not there was not found', async () => {
    network.use(http.get('/api/sops/7', () => HttpResponse.json({ message: 'SOP not found', code: 'not_found' }, { status: 404 })));
    openForm('/sop/7/edit');
    expect(await screen.findByRole('heading', { name: 'SOP not found' })).toBeTruthy();
    expect(screen.getByText('It may have been deleted.')).toBeTruthy();
  });
});
