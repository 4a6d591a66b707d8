import { addDays, format, parseISO } from 'date-fns';
import { CalendarDays, ChevronLeft, ChevronRight, Ship } from 'lucide-react';
import type { DailyProgramCruise } from '@common/contracts/daily-programs';
import type { ReaderDocument } from '@/components/reader/reader-document';
import { FileActions } from '@/components/file-actions';
import { Button } from '@/components/ui/button';
import { formatBytes, formatWeekdayDate } from '@/lib/labels';
import { downloadUrlOf, programDocument } from './api';
import { Trans, useLingui } from '@lingui/react/macro';

/** YYYY-MM-DD of a day in this device's time zone (the ship's clock). */
export const isoDay = (date: Date) => format(date, 'yyyy-MM-dd');

/** 'Wed, Nov 25, 2026', as the day list says it. */
export const dayLabelOf = (date: string) => formatWeekdayDate(date.slice(0, 10));

/** The day's programs of every cruise that has one. */
export function programsOn(cruises: DailyProgramCruise[], date: string) {
  return cruises.flatMap((cruise) => cruise.days.filter((day) => day.date === date).map((day) => ({ cruiseCode: cruise.cruiseCode, ship: cruise.ship, day })));
}

interface Props {
  cruises: DailyProgramCruise[];
  /** The day shown (YYYY-MM-DD) and today's date on this device. */
  date: string;
  today: string;
  onDate: (date: string) => void;
  onRead: (document: ReaderDocument) => void;
}

/** One day on board, today first: each cruise's program of that day, to read or download, and the way to the days around it. */
export function ProgramDay({ cruises, date, today, onDate, onRead }: Props) {
  const { t } = useLingui();
  const programs = programsOn(cruises, date);
  const dayLabel = dayLabelOf(date);
  const isToday = date === today;
  const step = (days: number) => onDate(isoDay(addDays(parseISO(date), days)));
  return (
    <section aria-labelledby="program-day-heading" className="rounded-lg border bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="program-day-heading" className="flex items-center gap-2 font-semibold text-navy">
          <CalendarDays className="size-5 text-ocean" aria-hidden="true" />
          {isToday ? t`Today · ${dayLabel}` : dayLabel}
        </h2>
        <div className="flex items-center gap-1">
          <Button variant="outline" size="sm" onClick={() => step(-1)} aria-label={t`Previous day`}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          {!isToday && (
            <Button variant="outline" size="sm" onClick={() => onDate(today)}>
              <Trans>Today</Trans>
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={() => step(1)} aria-label={t`Next day`}>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
      {programs.length === 0 ? (
        <p className="mt-3 rounded-md border border-dashed px-3 py-6 text-center text-sm text-muted-foreground" role="status">
          {isToday ? t`No program for today` : t`No program for ${dayLabel}`}
        </p>
      ) : (
        <ul className="mt-3 space-y-3">
          {programs.map(({ cruiseCode, ship, day }) => (
            <li key={cruiseCode} className="rounded-md border bg-slate-50/60 p-3">
              <p className="mb-2 flex items-center gap-2 text-sm font-semibold text-navy">
                <Ship className="size-4 text-ocean" aria-hidden="true" />
                <span className="font-mono">{cruiseCode}</span>
                {ship && <span className="font-normal text-slate-700">· {ship.name}</span>}
              </p>
              <ul className="divide-y rounded-md border bg-white" aria-label={t`Program of ${cruiseCode} for ${dayLabel}`}>
                {day.files.map((file) => (
                  <li key={file.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2.5">
                    <div className="min-w-0 flex-1 basis-48">
                      <p className="text-sm font-medium">{file.fileLabel ?? t`Daily program`}</p>
                      <p className="text-xs break-words text-muted-foreground">
                        {file.originalName} · {formatBytes(file.size)}
                      </p>
                    </div>
                    <FileActions
                      href={downloadUrlOf('dailyProgram', file)}
                      name={file.originalName}
                      onRead={() => onRead(programDocument(cruiseCode, dayLabelOf(date), file))}
                    />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
