import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DailyProgramCruise } from '@common/contracts/daily-programs';
import { renderWithClient } from '@/test/render';
import { ProgramTree } from './program-tree';

afterEach(cleanup);

const day = (date: string, id: number) => ({
  date,
  uploadMode: 'combined' as const,
  files: [{ id, fileSequence: 1, fileLabel: null, originalName: `${date}.pdf`, size: 2048, createdAt: '2026-11-26T08:00:00.000Z', uploader: null }],
});

describe('the daily program tree', () => {
  it('names the ship beside a cruise code that names one, and only the code otherwise', () => {
    const cruises: DailyProgramCruise[] = [
      { cruiseCode: 'AR261123', ship: { code: 'AR', name: 'MV Aurora Radiance' }, days: [day('2026-11-23', 1)] },
      { cruiseCode: 'XY261125', ship: null, days: [day('2026-11-25', 2)] },
    ];
    renderWithClient(<ProgramTree cruises={cruises} canManage={false} onRead={() => {}} />);
    expect(screen.getByRole('button', { name: /AR261123/ }).textContent).toBe('AR261123MV Aurora Radiance1 day');
    expect(screen.getByRole('button', { name: /XY261125/ }).textContent).toBe('XY2611251 day');
  });
});
