import { useState } from 'react';
import { CalendarDays, FileText, Ship } from 'lucide-react';
import type { DailyProgramCruise, DailyProgramDay } from '@common/contracts/daily-programs';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { FileActions } from '@/components/file-actions';
import { Badge } from '@/components/ui/badge';
import { formatDate, formatBytes } from '@/lib/labels';
import type { ReaderDocument } from '@/components/reader/reader-document';
import { downloadUrlOf, programDocument } from './api';
import { dayLabelOf } from './program-day';
import { DeletePublishedFileDialog, type FileToDelete } from './delete-file-dialog';
import { Plural, Trans, useLingui } from '@lingui/react/macro';

/** 'Combined PDF' for a one-file day, else 'N Files', so the crew sees how the day was delivered before opening it. */
function DayBadge({ day }: { day: DailyProgramDay }) {
  return day.uploadMode === 'combined' ? <Trans>Combined PDF</Trans> : <Plural value={day.files.length} one="# File" other="# Files" />;
}

/** 'File N' when the file has no label of its own. */
function FileName({ label, sequence }: { label: string | null; sequence: number }) {
  const { t } = useLingui();
  return <>{label ?? t`File ${sequence}`}</>;
}

/** '1.2 MB · Uploaded <date> by <name>' under a program file. */
function FileFacts({ file }: { file: DailyProgramDay['files'][number] }) {
  const { t } = useLingui();
  const size = formatBytes(file.size);
  const date = formatDate(file.createdAt);
  const uploader = file.uploader?.username ?? t`Unknown`;
  return (
    <Trans>
      {size} · Uploaded {date} by {uploader}
    </Trans>
  );
}

/** Accordion by cruise code, then by day; each day lists its files in sequence. */
export function ProgramTree({ cruises, canManage, onRead }: { cruises: DailyProgramCruise[]; canManage: boolean; onRead: (document: ReaderDocument) => void }) {
  const { t } = useLingui();
  const [toDelete, setToDelete] = useState<FileToDelete | null>(null);
  const filesLabel = (cruiseCode: string, dayLabel: string) => t`Files for ${cruiseCode} ${dayLabel}`;
  const where = (cruiseCode: string, dayLabel: string) => t` from ${cruiseCode}, ${dayLabel}`;

  return (
    <>
      <Accordion type="multiple" defaultValue={cruises.slice(0, 1).map((c) => c.cruiseCode)} className="rounded-lg border bg-white">
        {cruises.map((cruise) => (
          <AccordionItem key={cruise.cruiseCode} value={cruise.cruiseCode} className="px-4">
            <AccordionTrigger className="items-center hover:no-underline">
              <span className="flex min-w-0 items-center gap-3">
                <Ship className="size-5 shrink-0 text-ocean" aria-hidden="true" />
                {/* The code never breaks; on a phone the ship's name and the day count wrap below it. */}
                <span className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-0.5">
                  <span className="font-mono text-base font-semibold whitespace-nowrap text-navy">{cruise.cruiseCode}</span>
                  {cruise.ship && <span className="text-sm font-medium text-slate-700">{cruise.ship.name}</span>}
                  <span className="text-xs font-normal whitespace-nowrap text-muted-foreground">
                    <Plural value={cruise.days.length} one="# day" other="# days" />
                  </span>
                </span>
              </span>
            </AccordionTrigger>
            <AccordionContent>
              <Accordion type="multiple" className="space-y-2">
                {cruise.days.map((day) => (
                  <AccordionItem key={day.date} value={day.date} className="rounded-md border border-b bg-slate-50/60 px-3 last:border-b">
                    <AccordionTrigger className="items-center py-3 hover:no-underline">
                      <span className="flex flex-wrap items-center gap-3">
                        <CalendarDays className="size-4 text-slate-500" aria-hidden="true" />
                        <span className="font-medium">{dayLabelOf(day.date)}</span>
                        <Badge
                          variant={day.uploadMode === 'combined' ? 'secondary' : 'outline'}
                          className={day.uploadMode === 'combined' ? 'bg-sky-100 text-sky-900' : ''}
                        >
                          <DayBadge day={day} />
                        </Badge>
                      </span>
                    </AccordionTrigger>
                    <AccordionContent>
                      <ul className="divide-y rounded-md border bg-white" aria-label={filesLabel(cruise.cruiseCode, dayLabelOf(day.date))}>
                        {day.files.map((file) => (
                          <li key={file.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2.5">
                            <FileText className="size-5 shrink-0 text-red-700" aria-hidden="true" />
                            {/* At least 12rem for the text: narrower, the actions wrap below instead of squeezing the name. */}
                            <div className="min-w-0 flex-1 basis-48">
                              <p className="text-sm font-medium">
                                <FileName label={file.fileLabel} sequence={file.fileSequence} />
                                <span className="block font-normal wrap-anywhere text-muted-foreground sm:ml-2 sm:inline">{file.originalName}</span>
                              </p>
                              <p className="text-xs text-muted-foreground">
                                <FileFacts file={file} />
                              </p>
                            </div>
                            <FileActions
                              href={downloadUrlOf('dailyProgram', file)}
                              name={file.originalName}
                              onRead={() => onRead(programDocument(cruise.cruiseCode, dayLabelOf(day.date), file))}
                              onDelete={canManage ? () => setToDelete({ file, where: where(cruise.cruiseCode, dayLabelOf(day.date)) }) : undefined}
                            />
                          </li>
                        ))}
                      </ul>
                    </AccordionContent>
                  </AccordionItem>
                ))}
              </Accordion>
            </AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
      <DeletePublishedFileDialog kind="dailyProgram" target={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}
