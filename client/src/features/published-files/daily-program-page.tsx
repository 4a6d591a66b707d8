import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CalendarRange } from 'lucide-react';
import { FileListState } from '@/components/file-list-state';
import { ReaderDialog } from '@/components/reader/reader-dialog';
import type { ReaderDocument } from '@/components/reader/reader-document';
import { dailyProgramQueries } from './api';
import { DailyProgramUploadForm } from './daily-program-upload-form';
import { ProgramDay, isoDay } from './program-day';
import { ProgramTree } from './program-tree';
import { PublishedLayout, useCanManageFiles } from './published-layout';
import { Trans, useLingui } from '@lingui/react/macro';

export default function DailyProgramPage() {
  const { t } = useLingui();
  const query = useQuery(dailyProgramQueries.hierarchy());
  const canManage = useCanManageFiles();
  const cruises = query.data ?? [];
  // The page opens on today by this device's clock (the ship's time).
  const [today] = useState(() => isoDay(new Date()));
  const [date, setDate] = useState(today);
  const [reading, setReading] = useState<ReaderDocument | null>(null);

  return (
    <PublishedLayout
      title={t`Daily Program`}
      description={t`Daily cruise programs by cruise code and day.`}
      listLabel={t`Daily programs`}
      canManage={canManage}
      upload={<DailyProgramUploadForm />}
      dialogs={<ReaderDialog document={reading} onClose={() => setReading(null)} />}
    >
      <div className="space-y-6">
        {query.isSuccess && <ProgramDay cruises={cruises} date={date} today={today} onDate={setDate} onRead={setReading} />}
        <section aria-labelledby="all-programs-heading" className="space-y-2">
          {query.isSuccess && (
            <h2 id="all-programs-heading" className="text-sm font-semibold text-slate-600">
              <Trans>All cruises and days</Trans>
            </h2>
          )}
          <FileListState query={query} what="daily programs" icon={CalendarRange} empty={cruises.length === 0}>
            <ProgramTree cruises={cruises} canManage={canManage} onRead={setReading} />
          </FileListState>
        </section>
      </div>
    </PublishedLayout>
  );
}
