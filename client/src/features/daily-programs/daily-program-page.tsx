import { useQuery } from '@tanstack/react-query';
import { CalendarRange } from 'lucide-react';
import { can } from '@common/permissions';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/spinner';
import { Button } from '@/components/ui/button';
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
          {query.isLoading ? (
            <div className="flex justify-center rounded-lg border bg-white py-16">
              <Spinner label="Loading daily programs" />
            </div>
          ) : query.isError ? (
            <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border bg-white py-12 text-sm text-muted-foreground">
              <p>Could not load the daily programs.</p>
              <Button variant="outline" size="sm" onClick={() => query.refetch()}>
                Try again
              </Button>
            </div>
          ) : cruises.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed bg-white py-16 text-center">
              <CalendarRange className="size-10 text-slate-300" aria-hidden="true" />
              <p className="font-medium text-slate-600">No daily programs uploaded yet</p>
            </div>
          ) : (
            <ProgramTree cruises={cruises} canManage={canManage} />
          )}
        </section>
        {canManage && <DailyProgramUploadForm />}
      </div>
    </div>
  );
}
