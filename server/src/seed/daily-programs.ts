/**
 * Demo daily programs and itineraries for two cruises, written through the same service
 * functions as the upload endpoints (so they are checksummed and audited like real ones).
 * Safe to run twice: a day is replaced, an itinerary with the same name is skipped.
 */
import { eq } from 'drizzle-orm';
import type { DailyProgramMode } from '../../../common/contracts/daily-programs';
import type { Db } from '../db/client';
import { itineraries } from '../db/schema';
import { uploadDailyProgramDay } from '../features/published-files/daily-programs.service';
import { uploadItinerary } from '../features/published-files/itineraries.service';
import { writeTempFile } from '../files/temp-files';
import { buildPdf, buildXlsx } from '../test/documents';

interface PortCall {
  date: string;
  port: string;
  arrival: string;
  departure: string;
}

interface DemoCruise {
  code: string;
  ship: string;
  ports: PortCall[];
  /** Which days get a program, and how it was sent. */
  programs: { date: string; mode: DailyProgramMode }[];
}

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
/** A cruise code: the ship's initials and the embarkation day as yymmdd. */
const cruiseCode = (initials: string, start: number) => `${initials}${isoDay(start).slice(2).replaceAll('-', '')}`;

type Port = Omit<PortCall, 'date'>;

function cruiseOf(initials: string, ship: string, start: number, ports: Port[], programDays: number[], separateDays: number[]): DemoCruise {
  return {
    code: cruiseCode(initials, start),
    ship,
    ports: ports.map((p, i) => ({ ...p, date: isoDay(start + i * DAY) })),
    programs: programDays.map((d) => ({ date: isoDay(start + d * DAY), mode: separateDays.includes(d) ? 'separate' : 'combined' })),
  };
}

/**
 * Two cruises under way in the week of `today` (the seed's day): one embarked three days ago,
 * one yesterday, each with programs up to two days ahead, so 'today' always has something.
 */
export function demoCruises(today: Date = new Date()): DemoCruise[] {
  const day = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return [
    cruiseOf(
      'AR',
      'MV Aurora Radiance',
      day - 3 * DAY,
      [
        { port: 'Barcelona, Spain', arrival: '', departure: '18:00' },
        { port: 'Palma de Mallorca, Spain', arrival: '08:00', departure: '17:00' },
        { port: 'At Sea', arrival: '', departure: '' },
        { port: 'Lisbon, Portugal', arrival: '07:30', departure: '16:30' },
        { port: 'Funchal, Madeira', arrival: '09:00', departure: '18:00' },
        { port: 'At Sea', arrival: '', departure: '' },
        { port: 'Santa Cruz de Tenerife, Spain', arrival: '08:00', departure: '' },
      ],
      [0, 1, 2, 3, 4, 5],
      [1, 4],
    ),
    cruiseOf(
      'MS',
      'MV Marina Serenade',
      day - DAY,
      [
        { port: 'Southampton, UK', arrival: '', departure: '17:00' },
        { port: 'At Sea', arrival: '', departure: '' },
        { port: 'Bilbao, Spain', arrival: '08:00', departure: '18:00' },
        { port: 'A Coruna, Spain', arrival: '07:00', departure: '15:00' },
        { port: 'Southampton, UK', arrival: '06:30', departure: '' },
      ],
      [0, 1, 2, 3],
      [0],
    ),
  ];
}

type Entry = [time: string, event: string, venue: string];

const SECTIONS: { title: string; entries: (port: PortCall) => Entry[] }[] = [
  {
    title: 'Morning',
    entries: (p) => [
      ['06:30', 'Sunrise stretch & yoga', 'Pool Deck 11 (aft)'],
      ['07:00', 'Breakfast buffet', 'Horizon Restaurant, Deck 9'],
      ['08:30', p.port === 'At Sea' ? 'Navigation talk with the Officer of the Watch' : `Shore excursion meeting: ${p.port}`, 'Grand Theatre, Deck 4'],
      ['10:00', 'Muster drill reminder & safety video', 'Cabin TV channel 1'],
      ['11:00', 'Trivia: Ports of the Mediterranean', 'Compass Lounge, Deck 5'],
    ],
  },
  {
    title: 'Afternoon',
    entries: () => [
      ['12:00', 'Lunch', 'Horizon Restaurant, Deck 9'],
      ['13:30', 'Galley tour (sign up at Guest Services)', 'Main Galley, Deck 3'],
      ['14:30', 'Art auction preview', 'Atrium Gallery, Deck 5'],
      ['15:30', 'Afternoon tea with live piano', "Captain's Lounge, Deck 6"],
      ['16:30', 'Kids Club: pirate treasure hunt', 'Ocean Kids, Deck 12'],
    ],
  },
  {
    title: 'Evening',
    entries: (p) => [
      ['17:00', p.departure ? `All aboard: ${p.port} departure ${p.departure}` : 'Sail-away party', 'Pool Deck 11'],
      ['18:00', "Captain's welcome cocktail (smart casual)", 'Atrium, Deck 5'],
      ['19:00', 'Dinner, first seating', 'Meridian Dining Room, Deck 4'],
      ['21:00', 'Showtime: "Songs of the Sea"', 'Grand Theatre, Deck 4'],
      ['22:30', 'Late-night jazz', 'Compass Lounge, Deck 5'],
    ],
  },
  {
    title: 'Dining & Services',
    entries: () => [
      ['07:00-10:00', 'Breakfast', 'Horizon Restaurant, Deck 9'],
      ['08:00-20:00', 'Guest Services & Shore Excursions desk', 'Deck 5, midship'],
      ['09:00-18:00', 'Medical Centre (emergencies 24 h: dial 911)', 'Deck 3, forward'],
      ['10:00-22:00', 'Spa & Wellness', 'Serenity Spa, Deck 10'],
      ['18:00-21:30', 'Dinner, both seatings', 'Meridian Dining Room, Deck 4'],
    ],
  },
];

const longDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A one-page A4 program: header with ship, day and port, then time / event / venue rows. */
function programPdf(cruise: DemoCruise, port: PortCall, dayNumber: number, sections: typeof SECTIONS): Promise<Buffer> {
  const portLine =
    port.port === 'At Sea'
      ? 'Day at sea'
      : `${port.port}  ${port.arrival ? `arrival ${port.arrival}` : ''}  ${port.departure ? `departure ${port.departure}` : ''}`;
  return buildPdf({
    title: `${cruise.code} daily program ${port.date}`,
    banner: { heading: `${cruise.ship} - Daily Program`, subheading: `Cruise ${cruise.code}  |  Day ${dayNumber}  |  ${longDate(port.date)}` },
    body: [`## ${portLine.trim()}`, ...sections.flatMap((section) => [`### ${section.title.toUpperCase()}`, ...section.entries(port).map((row) => ({ row }))])],
    footer: "Times are ship's time. Programme subject to change; listen for announcements from the bridge.",
  });
}

function itineraryXlsx(cruise: DemoCruise): Promise<Buffer> {
  return buildXlsx({
    sheet: cruise.code,
    header: ['Day', 'Date', 'Port of call', 'Arrival', 'Departure'],
    rows: cruise.ports.map((p, i) => [i + 1, p.date, p.port, p.arrival, p.departure]),
    widths: [6, 12, 28, 10, 10],
  });
}

function itineraryCsv(cruise: DemoCruise): Buffer {
  const quote = (v: string) => (/[",]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  const lines = [
    'Day,Date,Port of call,Arrival,Departure',
    ...cruise.ports.map((p, i) => [String(i + 1), p.date, p.port, p.arrival, p.departure].map(quote).join(',')),
  ];
  return Buffer.from(`${lines.join('\n')}\n`);
}

export async function seedDailyProgramsAndItineraries(db: Db, adminId: number, today: Date = new Date()): Promise<void> {
  const cruises = demoCruises(today);
  for (const cruise of cruises) {
    for (const program of cruise.programs) {
      const dayIndex = cruise.ports.findIndex((p) => p.date === program.date);
      const port = cruise.ports[dayIndex];
      const files =
        program.mode === 'combined'
          ? [{ originalName: `${cruise.code}_${program.date}_daily_program.pdf`, data: await programPdf(cruise, port, dayIndex + 1, SECTIONS) }]
          : await Promise.all(
              SECTIONS.map(async (section, i) => ({
                originalName: `${cruise.code}_${program.date}_${i + 1}_${section.title.toLowerCase().replace(/[^a-z]+/g, '_')}.pdf`,
                data: await programPdf(cruise, port, dayIndex + 1, [section]),
              })),
            );
      const received = await Promise.all(files.map(async (f) => ({ originalName: f.originalName, file: await writeTempFile(f.data) })));
      await uploadDailyProgramDay(db, adminId, { cruiseCode: cruise.code, programDate: program.date, mode: program.mode }, received);
    }
  }

  const [first, second] = cruises;
  const demoItineraries = [
    { cruise: first, originalName: `${first.code}_itinerary.xlsx`, data: await itineraryXlsx(first) },
    { cruise: second, originalName: `${second.code}_itinerary.csv`, data: itineraryCsv(second) },
  ];
  for (const { cruise, originalName, data } of demoItineraries) {
    const [existing] = await db.select({ id: itineraries.id }).from(itineraries).where(eq(itineraries.originalName, originalName));
    if (existing) continue;
    await uploadItinerary(db, adminId, cruise.ports[0].date, { originalName, file: await writeTempFile(data) });
  }
}
