import { useQuery } from '@tanstack/react-query';
import { CalendarRange } from 'lucide-react';
import { can } from '@common/permissions';
import { PageHeader } from '@/components/page-header';
import { FileListState } from '@/components/file-list-state';
import { useCurrentUser } from '@/lib/session';
import { dailyProgramQueries } from './api';
import { ProgramTree } from './program-tree';
import { DailyProgramUploadForm } from './upload-form';

export default function DailyProgramPage() {
  const { user } = useCurrentUser();
  const query = useQuery(dailyProgramQueries.hierarchy());
  // The server enforces it too; the table only decides what to show.
  const canManage = can(user, 'files.manage');
  const cruises = query.data ?? [];

  return (
    <div>
      <PageHeader title="Daily Program" description="Daily cruise programs by cruise code and day." />
      <div className={canManage ? 'grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_340px]' : ''}>
        <section aria-label="Daily programs">
          <FileListState query={query} what="daily programs" icon={CalendarRange} empty={cruises.length === 0}>
            <ProgramTree cruises={cruises} canManage={canManage} />
          </FileListState>
        </section>
        {canManage && <DailyProgramUploadForm />}
      </div>
    </div>
  );
}
