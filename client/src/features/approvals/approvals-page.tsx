import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ClipboardCheck, ShieldAlert } from 'lucide-react';
import { can } from '@common/permissions';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/lib/session';
import { approvalQueries } from './api';
import { DecisionPanel } from './decision-panel';
import { PendingList } from './pending-list';
import { VersionViewer } from './version-viewer';

function AccessDenied() {
  return (
    <div role="alert" className="mx-auto mt-10 max-w-xl rounded-lg border border-red-200 bg-red-50 p-6 text-center">
      <ShieldAlert className="mx-auto mb-2 size-8 text-destructive" aria-hidden="true" />
      <h1 className="text-lg font-semibold text-red-900">Access Denied</h1>
      <p className="mt-1 text-sm text-red-900">Insufficient Permissions: You need approver or admin permissions to access this page.</p>
    </div>
  );
}

function ApprovalCenter() {
  const { data, isLoading, isError, refetch } = useQuery(approvalQueries.pending());
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const tasks = data ?? [];
  // The first task is selected until the user picks another (or the picked one is decided).
  const selected = tasks.find((task) => task.id === selectedId) ?? tasks[0] ?? null;

  const selectNextAfter = (decidedId: number) => {
    const index = tasks.findIndex((task) => task.id === decidedId);
    const next = tasks[index + 1] ?? tasks[index - 1] ?? null;
    setSelectedId(next?.id ?? null);
  };

  if (isLoading) {
    return (
      <div className="grid gap-4 lg:grid-cols-[300px_1fr]" role="status" aria-busy="true" aria-label="Loading approvals">
        <Skeleton className="h-64" />
        <Skeleton className="h-96" />
      </div>
    );
  }
  if (isError) {
    return (
      <div role="alert" className="rounded-lg border bg-card p-6 text-center">
        <p className="text-sm">The approval tasks could not be loaded.</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!selected) {
    return (
      <div className="rounded-lg border bg-card p-10 text-center">
        <ClipboardCheck className="mx-auto mb-2 size-10 text-ocean" aria-hidden="true" />
        <h2 className="text-base font-semibold text-navy">No pending approvals</h2>
        <p className="mt-1 text-sm text-muted-foreground">Submitted SOPs waiting for your decision will appear here.</p>
      </div>
    );
  }
  // Phones: queue, version, review. From 1024 px the review sits under the queue, beside the
  // version, so the buttons stay in view; from 1280 px it gets a column of its own.
  return (
    <div className="grid items-start gap-4 lg:grid-cols-[300px_minmax(0,1fr)] xl:grid-cols-[280px_minmax(0,1fr)_320px]">
      <div className="contents lg:col-start-1 lg:row-start-1 lg:flex lg:flex-col lg:gap-4 xl:contents">
        <div className="order-1 xl:col-start-1 xl:row-start-1">
          <PendingList tasks={tasks} selectedId={selected.id} onSelect={setSelectedId} />
        </div>
        <div className="order-3 xl:col-start-3 xl:row-start-1">
          <DecisionPanel key={selected.id} task={selected} onDecided={(decided) => selectNextAfter(decided.id)} />
        </div>
      </div>
      <div className="order-2 min-w-0 lg:col-start-2 lg:row-start-1">
        <VersionViewer key={selected.id} task={selected} />
      </div>
    </div>
  );
}

export default function ApprovalsPage() {
  const { user } = useCurrentUser();
  // Plain users get the notice and no API call at all.
  if (!can(user, 'approval.list')) return <AccessDenied />;
  return (
    <>
      <PageHeader title="Approval Center" description="Review submitted SOP versions, then approve them or request changes." />
      <ApprovalCenter />
    </>
  );
}
