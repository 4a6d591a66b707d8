import { cleanup, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutdatedTranslation } from '@common/contracts/translations';
import { appClient, renderWithClient } from '@/test/render';
import { network } from '@/test/network';
import { OutdatedTranslations } from './outdated-translations';

const row = (change: Partial<OutdatedTranslation> = {}): OutdatedTranslation => ({
  id: 5,
  sopId: 12,
  title: 'Bunkering: manifold valves and the sounding of tanks before, during and after transfer',
  language: 'fil',
  versionNumber: '1.0',
  inForceVersionNumber: '1.1',
  outdatedSince: '2026-11-20T08:00:00.000Z',
  ...change,
});

const serve = (rows: OutdatedTranslation[]) => network.use(http.get('/api/translations/outdated', () => HttpResponse.json(rows)));

afterEach(() => cleanup());

describe('the outdated translations card', () => {
  it('counts them and names each SOP, language and the versions, each opening its SOP', async () => {
    serve([row(), row({ id: 6, language: 'hi' })]);
    renderWithClient(<OutdatedTranslations />, appClient());
    expect(await screen.findByText('2 outdated translations')).toBeTruthy();
    const items = [...screen.getByTestId('outdated-translations').querySelectorAll('li')];
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Filipino · translates v1.0; v1.1 in force since Nov 20, 2026',
      'हिन्दी · translates v1.0; v1.1 in force since Nov 20, 2026',
    ]);
    expect(items[0].querySelector('a')?.getAttribute('href')).toBe('/sop/12');
  });

  it('says so when every approved translation is current', async () => {
    serve([]);
    renderWithClient(<OutdatedTranslations />, appClient());
    expect(await screen.findByText('Every approved translation is of the version in force.')).toBeTruthy();
    expect(screen.getByText('Outdated translations')).toBeTruthy();
    expect(screen.queryByText('0 outdated translations')).toBeNull();
  });
});
