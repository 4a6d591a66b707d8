import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DailyProgramCruise } from '../../../common/contracts/daily-programs';
import type { Itinerary } from '../../../common/contracts/itineraries';
import { dailyPrograms, itineraries } from '../db/schema';
import { demoCruises, seedDailyProgramsAndItineraries } from './daily-programs';
import { sniffFileType } from '../files/sniff';
import { crewOf } from '../test/factories';

const { t, admin } = await crewOf({ admin: 'admin' });
beforeAll(async () => {
  await seedDailyProgramsAndItineraries(t.db, admin.id);
});

describe('seedDailyProgramsAndItineraries', () => {
  it('loads two cruises of this week mixing combined and separate days, served like uploads', async () => {
    const cruises: DailyProgramCruise[] = (await t.as(admin, { method: 'GET', url: '/api/daily-programs/hierarchy' })).json();
    expect(cruises.map((c) => c.cruiseCode).sort()).toEqual(
      demoCruises()
        .map((c) => c.code)
        .sort(),
    );
    // Both cruises have a program for today, so the Daily Program screen opens on something.
    const today = new Date().toISOString().slice(0, 10);
    for (const c of cruises) expect(c.days.map((d) => d.date)).toContain(today);
    const modes = cruises.flatMap((c) => c.days.map((d) => d.uploadMode));
    expect(modes).toContain('combined');
    expect(modes).toContain('separate');
    const file = cruises[0].days[0].files[0];
    const res = await t.as(admin, { method: 'GET', url: `/api/daily-programs/${file.id}/download` });
    expect(sniffFileType(res.rawPayload, file.originalName)?.kind).toBe('pdf');
  });

  it('adds a real xlsx and a csv itinerary', async () => {
    const list: Itinerary[] = (await t.as(admin, { method: 'GET', url: '/api/itineraries' })).json();
    expect(list.map((i) => i.mimeType).sort()).toEqual(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv']);
  });

  it('can run twice without duplicating anything', async () => {
    const before = [(await t.db.select({ n: count() }).from(dailyPrograms))[0].n, (await t.db.select({ n: count() }).from(itineraries))[0].n];
    await seedDailyProgramsAndItineraries(t.db, admin.id);
    const after = [(await t.db.select({ n: count() }).from(dailyPrograms))[0].n, (await t.db.select({ n: count() }).from(itineraries))[0].n];
    expect(after).toEqual(before);
  });
});
