import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CalendarRange } from 'lucide-react';
import { can } from '@common/permissions';
import { PageHeader } from '@/components/page-header';
import { FileListState } from '@/components/file-list-state';
import { useCurrentUser } from '@/lib/session';
import { dailyProgramQueries } from './api';
import { ReaderDialog } from '@/components/reader/reader-dialog';
import type { ReaderDocument } from '@/components/reader/reader-document';
import { ProgramDay, isoDay } from './program-day';
import { ProgramTree } from './program-tree';
import { DailyProgramUploadForm } from './upload-form';

export default function DailyProgramPage() {
  const { user } = useCurrentUser();
  const query = useQuery(dailyProgramQueries.hierarchy());
  // The server enforces it too; the table only decides what to show.
  const canManage = can(user, 'files.manage');
  const cruises = query.data ?? [];
  // The page opens on today by this device's clock (the ship's time).
  const [today] = useState(() => isoDay(new Date()));
  const [date, setDate] = useState(today);
  const [reading, setReading] = useState<ReaderDocument | null>(null);

  return (
    <div>
      <PageHeader title="Daily Program" description="Daily cruise programs by cruise code and day." />
      <div className={canManage ? 'grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_340px]' : ''}>
        <section aria-label="Daily programs">
          <div className="space-y-6">
            {query.isSuccess && <ProgramDay cruises={cruises} date={date} today={today} onDate={setDate} onRead={setReading} />}
            <section aria-labelledby="all-programs-heading" className="space-y-2">
              {query.isSuccess && (
                <h2 id="all-programs-heading" className="text-sm font-semibold text-slate-600">
                  All cruises and days
                </h2>
              )}
              <FileListState query={query} what="daily programs" icon={CalendarRange} empty={cruises.length === 0}>
                <ProgramTree cruises={cruises} canManage={canManage} onRead={setReading} />
              </FileListState>
            </section>
          </div>
        </section>
        {canManage && <DailyProgramUploadForm />}
      </div>
      <ReaderDialog document={reading} onClose={() => setReading(null)} />
    </div>
  );
}
