import { useQuery } from '@tanstack/react-query';
import { CalendarRange } from 'lucide-react';
import { can } from '@common/permissions';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
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
          <QueryState
            query={query}
            loading="Loading daily programs"
            failed="Could not load the daily programs."
            frame="rounded-lg border bg-white py-16"
            errorFrame="rounded-lg border bg-white py-12"
          >
            {cruises.length === 0 ? (
              <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed bg-white py-16 text-center">
                <CalendarRange className="size-10 text-slate-300" aria-hidden="true" />
                <p className="font-medium text-slate-600">No daily programs uploaded yet</p>
              </div>
            ) : (
              <ProgramTree cruises={cruises} canManage={canManage} />
            )}
          </QueryState>
        </section>
        {canManage && <DailyProgramUploadForm />}
      </div>
    </div>
  );
}
