import { describe, expect, it } from 'vitest';
import { copiesToEvict, kindOf, type StoredCopy } from './budget';
import { emptyState, type OfflineState } from './offline-state';
import { programDates, programFileUrls, sopCopyUrls } from './read-ahead';

const MB = 1024 * 1024;
const copy = (path: string, size: number, storedAt: number, cache = 'sop-harbor-files'): StoredCopy => ({ cache, path, size, storedAt });
const state = (change: Partial<OfflineState>): OfflineState => ({ ...emptyState(1), ...change });
const paths = (copies: StoredCopy[]) => copies.map((c) => c.path);

describe('the kind of a stored copy', () => {
  const kept = [{ sopId: 4, title: 'Mooring', keptAt: 1, urls: ['/api/sops/4', '/api/attachments/9/download'] }];
  it('is kept before anything else, then essential, then fetched ahead, else opened', () => {
    const s = state({ kept, ahead: ['/api/attachments/9/download', '/api/daily-programs/3/download', '/api/user'] });
    expect(kindOf('/api/attachments/9/download', s)).toBe('kept');
    expect(kindOf('/api/user', s)).toBe('essential');
    expect(kindOf('/api/reading', s)).toBe('essential');
    expect(kindOf('/api/notifications', s)).toBe('essential');
    expect(kindOf('/api/daily-programs/3/download', s)).toBe('ahead');
    expect(kindOf('/api/sops?search=fire', s)).toBe('opened');
  });
});

describe('eviction to the budget', () => {
  it('evicts nothing within the budget', () => {
    const copies = [copy('/api/attachments/1/download', 60 * MB, 1), copy('/api/attachments/2/download', 60 * MB, 2)];
    expect(copiesToEvict(copies, state({ budgetBytes: 120 * MB }))).toEqual([]);
  });

  it('evicts the least recently stored first, only as many as needed', () => {
    const copies = [copy('/b', 50 * MB, 300), copy('/a', 50 * MB, 100), copy('/c', 50 * MB, 200), copy('/d', 50 * MB, 400)];
    expect(paths(copiesToEvict(copies, state({ budgetBytes: 110 * MB })))).toEqual(['/a', '/c']);
  });

  it('evicts opened copies before those fetched ahead, even newer ones', () => {
    const copies = [copy('/ahead-old', 40 * MB, 1), copy('/opened-new', 40 * MB, 50), copy('/opened-newer', 40 * MB, 60), copy('/ahead-new', 40 * MB, 70)];
    const s = state({ budgetBytes: 50 * MB, ahead: ['/ahead-old', '/ahead-new'] });
    expect(paths(copiesToEvict(copies, s))).toEqual(['/opened-new', '/opened-newer', '/ahead-old']);
  });

  it('never evicts a kept SOP nor the essential reads, even over the budget', () => {
    const kept = [{ sopId: 4, title: 'Mooring', keptAt: 1, urls: ['/api/sops/4', '/kept-file'] }];
    const copies = [
      copy('/kept-file', 90 * MB, 1),
      copy('/api/sops/4', 1000, 1, 'sop-harbor-answers'),
      copy('/api/user', 500, 1, 'sop-harbor-answers'),
      copy('/opened', 10 * MB, 5),
      copy('/ahead', 10 * MB, 6),
    ];
    const evicted = copiesToEvict(copies, state({ budgetBytes: 50 * MB, kept, ahead: ['/ahead'] }));
    expect(paths(evicted)).toEqual(['/opened', '/ahead']);
  });

  it('keeps nothing that alone is larger than the budget, unless it is kept', () => {
    expect(paths(copiesToEvict([copy('/huge', 300 * MB, 9)], state({})))).toEqual(['/huge']);
  });

  it('uses 200 MB unless told otherwise', () => {
    expect(emptyState().budgetBytes).toBe(200 * MB);
    expect(copiesToEvict([copy('/a', 150 * MB, 1), copy('/b', 50 * MB, 2)], state({}))).toEqual([]);
    expect(paths(copiesToEvict([copy('/a', 150 * MB, 1), copy('/b', 51 * MB, 2)], state({})))).toEqual(['/a']);
  });
});

describe('what is fetched ahead', () => {
  it('the daily programs of today and the next two days, in local time, across months', () => {
    expect(programDates(new Date(2026, 0, 30, 23, 30))).toEqual(['2026-01-30', '2026-01-31', '2026-02-01']);
    const cruises = [
      {
        cruiseCode: 'AR260130',
        ship: null,
        days: ['2026-01-29', '2026-01-30', '2026-02-01', '2026-02-02'].map((date, index) => ({
          date,
          uploadMode: 'combined' as const,
          files: [{ id: index + 1, fileSequence: 1, fileLabel: null, originalName: 'p.pdf', size: 1, createdAt: '', uploader: null }],
        })),
      },
    ];
    expect(programFileUrls(cruises, programDates(new Date(2026, 0, 30)))).toEqual(['/api/daily-programs/2/download', '/api/daily-programs/3/download']);
  });

  it("an SOP's reads and the files of its version in force (with the preview when one is ready, and a Word file's HTML)", () => {
    const file = (id: number, previewStatus: 'ready' | 'none', mimeType = 'application/pdf') => ({ id, previewStatus, mimeType }) as never;
    const sop = {
      id: 7,
      effectiveVersionId: 20,
      versions: [
        { id: 21, attachments: [file(5, 'ready')] },
        {
          id: 20,
          attachments: [file(3, 'ready'), file(4, 'none'), file(6, 'ready', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')],
        },
      ],
    } as never;
    expect(sopCopyUrls(sop)).toEqual([
      '/api/sops/7',
      '/api/sops/7/history',
      '/api/sops/7/reading',
      '/api/sop-versions/20/attestations',
      '/api/attachments/3/download',
      '/api/attachments/3/preview',
      '/api/attachments/4/download',
      '/api/attachments/6/download',
      '/api/attachments/6/preview',
      '/api/attachments/6/html',
    ]);
  });
});
