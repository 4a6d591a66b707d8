import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { SopDetail } from '@common/contracts/sops';
import type { Translation, TranslationSummary } from '@common/contracts/translations';
import type { SessionUser } from '@/lib/session';
import { appClient, renderWithClient } from '@/test/render';
import { ingrid, settings, sopDetail, sopVersion } from '@/test/fixtures';
import { bodiesOf, network } from '@/test/network';
import { TranslationsCard } from './translations-card';

const AT = '2026-11-20T08:00:00.000Z';

const summary = (change: Partial<TranslationSummary> = {}): TranslationSummary => ({
  id: 5,
  language: 'fil',
  versionId: 10,
  versionNumber: '1.0',
  status: 'approved',
  current: true,
  createdBy: 7,
  ...change,
});

/** SOP 1 with version 1.0 (id 10) in force, and these translations. */
const withTranslations = (translations: TranslationSummary[], sop: SopDetail = sopDetail(1)): SopDetail => ({ ...sop, translations });

/** SOP 1 with 1.1 (id 11) in force after 1.0 (id 10). */
function revised(translations: TranslationSummary[]): SopDetail {
  const older = sopVersion(1, 10, { versionNumber: '1.0', isPublished: true });
  const newer = sopVersion(1, 11, { versionNumber: '1.1', isPublished: true });
  return { ...sopDetail(1, { latestVersionId: 11 }), latestVersion: newer, versions: [newer, older], effectiveVersionId: 11, translations };
}

const userOf = (role: SessionUser['role'], language: SessionUser['language'] = 'en'): SessionUser => ({ ...ingrid(role), language });

function show(sop: SopDetail, user: SessionUser) {
  network.use(
    http.get('/api/settings', () => HttpResponse.json(settings)),
    http.get('/api/translations/5', () =>
      HttpResponse.json({
        ...summary(),
        content: 'Isara ang mga **balbula** bago mag-bunker.',
        file: null,
        createdAt: AT,
        approvedAt: AT,
      } satisfies Translation),
    ),
  );
  return renderWithClient(<TranslationsCard sop={sop} user={user} />, appClient());
}

afterEach(() => cleanup());

describe('the Translations card', () => {
  it('opens a current translation on request, says the original is binding, and goes back to it', async () => {
    show(withTranslations([summary()]), userOf('user', 'en'));
    expect(screen.queryByTestId('translation-reader')).toBeNull();
    const row = screen.getByTestId('translation-fil-1.0');
    expect(row.textContent).toContain('Current');
    fireEvent.click(within(row).getByRole('button', { name: 'Read in Filipino' }));
    const reader = await screen.findByTestId('translation-reader');
    expect(reader.textContent).toContain('This Filipino translation is of version 1.0; the English original is binding.');
    expect(await within(reader).findByText('balbula')).toBeTruthy();
    fireEvent.click(within(reader).getByRole('button', { name: 'Read the original (v1.0)' }));
    expect(screen.queryByTestId('translation-reader')).toBeNull();
    // A reader adds nothing and approves nothing.
    expect(screen.queryByRole('button', { name: 'Add translation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('leaves the translation in the reader’s own language to the procedure’s place on the page', () => {
    show(withTranslations([summary()]), userOf('user', 'fil'));
    const row = screen.getByTestId('translation-fil-1.0');
    expect(row.textContent).toContain('Current');
    expect(within(row).queryByRole('button', { name: 'Read in Filipino' })).toBeNull();
    expect(screen.queryByTestId('translation-reader')).toBeNull();
  });

  it('never reads a translation of an older version in place of the version in force', () => {
    show(revised([summary({ current: false })]), userOf('user', 'fil'));
    expect(screen.getByTestId('translation-outdated').textContent).toBe('The Filipino translation is of v1.0; v1.1 is in force.');
    expect(screen.queryByTestId('translation-reader')).toBeNull();
    const row = screen.getByTestId('translation-fil-1.0');
    expect(row.textContent).toContain('Outdated');
    expect(within(row).queryByRole('button', { name: 'Read in Filipino' })).toBeNull();
  });

  it('offers an approver who did not add a draft to approve it, and sends the approval', async () => {
    network.use(http.put('/api/translations/6', () => HttpResponse.json({})));
    show(withTranslations([summary({ id: 6, language: 'id', status: 'draft', current: false })]), userOf('approver'));
    const row = screen.getByTestId('translation-id-1.0');
    expect(row.textContent).toContain('Bahasa Indonesia');
    expect(row.textContent).toContain('Draft');
    expect(screen.getByRole('button', { name: 'Add translation' })).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Approve the Bahasa Indonesia translation')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await expect.poll(() => bodiesOf('PUT /api/translations/6')).toEqual([{ status: 'approved' }]);
  });

  it('shows an approver every language against the version in force: current, outdated, in draft or missing', () => {
    const older = summary({ id: 7, language: 'es', current: false });
    const current = summary({ id: 8, language: 'fil', versionId: 11, versionNumber: '1.1' });
    const draft = summary({ id: 9, language: 'uk', versionId: 11, versionNumber: '1.1', status: 'draft', current: false });
    show(revised([current, older, draft]), userOf('approver'));
    const standings = [...screen.getByTestId('translation-standings').querySelectorAll('li')].map((li) => `${li.textContent} (${li.dataset.standing})`);
    expect(standings).toEqual([
      'Filipino · current (current)',
      'Bahasa Indonesia · missing (missing)',
      'हिन्दी · missing (missing)',
      'Українська · draft (draft)',
      'Español · outdated (outdated)',
    ]);
  });

  it('shows a reader no language standings', () => {
    show(withTranslations([summary()]), userOf('user', 'en'));
    expect(screen.queryByTestId('translation-standings')).toBeNull();
  });

  it('offers no Approve on one’s own draft', () => {
    show(withTranslations([summary({ id: 6, status: 'draft', current: false, createdBy: 3 })]), userOf('approver'));
    expect(screen.getByTestId('translation-fil-1.0').textContent).toContain('Draft');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
