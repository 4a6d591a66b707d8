import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ClipboardCheck } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { approvalQueries } from './api';
import { DecisionBar, ReviewNotes } from './decision-panel';
import { OutdatedTranslations } from './outdated-translations';
import { PendingList } from './pending-list';
import { VersionViewer } from './version-viewer';
import { Trans, useLingui } from '@lingui/react/macro';

/** The task a /approvals/{taskId} link names: null for /approvals, NaN for an address that is no task id. */
function useRequestedTaskId(): number | null {
  const { taskId } = useParams<{ taskId?: string }>();
  if (taskId === undefined) return null;
  return /^\d+$/.test(taskId) ? Number(taskId) : Number.NaN;
}

function TaskNotWaiting({ taskId }: { taskId: number }) {
  const { t } = useLingui();
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <h2 className="font-semibold">
        <Trans>This approval task is not waiting for your decision</Trans>
      </h2>
      <p className="mt-1">
        {Number.isNaN(taskId) ? t`The link does not name an approval task.` : t`Task ${taskId} may have been decided already, or the link is wrong.`}
      </p>
      <Link href="/approvals" className="mt-2 inline-block font-medium underline underline-offset-2">
        <Trans>Show the pending approvals</Trans>
      </Link>
    </div>
  );
}

function ApprovalCenter() {
  const { data, isLoading, isError, refetch } = useQuery(approvalQueries.pending());
  const [, navigate] = useLocation();
  const requestedId = useRequestedTaskId();
  const { t } = useLingui();
  const tasks = data ?? [];
  const count = tasks.length;
  // /approvals shows the first task; /approvals/{id} shows that task, or says it is not waiting.
  const selected = requestedId === null ? (tasks[0] ?? null) : (tasks.find((task) => task.id === requestedId) ?? null);
  const viewer = useRef<HTMLDivElement>(null);
  // Below 1024 px a task's own address opens on its document: the queue waits behind one tap.
  const [queueOpen, setQueueOpen] = useState(false);
  // Counts the choices in the list, so choosing the task already shown brings it into view too.
  const [chosen, setChosen] = useState(0);
  const selectedId = selected?.id;

  // A task chosen in the list is brought into view (on a phone the version is below the list)
  // and its title takes the focus, so a keyboard or screen reader user lands on it.
  useEffect(() => {
    const shown = viewer.current;
    if (chosen === 0 || selectedId === undefined || !shown) return;
    // Beside the list (from 1024 px) the version's top is already on screen: no jump then.
    const top = shown.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight / 3) shown.scrollIntoView({ block: 'start' });
    shown.querySelector<HTMLElement>('[data-task-title]')?.focus({ preventScroll: true });
  }, [chosen, selectedId]);

  const choose = (id: number) => {
    setChosen((n) => n + 1);
    setQueueOpen(false);
    if (id !== selectedId || requestedId === null) navigate(`/approvals/${id}`);
  };
  const selectNextAfter = (decidedId: number) => {
    const index = tasks.findIndex((task) => task.id === decidedId);
    const next = tasks[index + 1] ?? tasks[index - 1] ?? null;
    navigate(next ? `/approvals/${next.id}` : '/approvals', { replace: true });
  };

  if (isLoading) {
    return (
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[300px_1fr]" role="status" aria-busy="true" aria-label={t`Loading approvals`}>
        <Skeleton className="h-64" />
        <Skeleton className="h-96" />
      </div>
    );
  }
  if (isError) {
    return (
      <div role="alert" className="rounded-lg border bg-card p-6 text-center">
        <p className="text-sm">
          <Trans>The approval tasks could not be loaded.</Trans>
        </p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  if (!selected && requestedId !== null) {
    return (
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[300px_minmax(0,1fr)]">
        {tasks.length > 0 && <PendingList tasks={tasks} selectedId={null} onSelect={choose} />}
        <TaskNotWaiting taskId={requestedId} />
      </div>
    );
  }
  if (!selected) {
    return (
      <div className="rounded-lg border bg-card p-10 text-center">
        <ClipboardCheck className="mx-auto mb-2 size-10 text-ocean" aria-hidden="true" />
        <h2 className="text-base font-semibold text-navy">
          <Trans>No pending approvals</Trans>
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          <Trans>Submitted SOPs waiting for your decision will appear here.</Trans>
        </p>
      </div>
    );
  }
  // Below 1024 px: queue (behind its button on a task's own address), version, the decision
  // (sticky at the bottom of the screen while the version is read), then comments and history. From 1024 px the review sits under the queue,
  // beside the version; from 1280 px it gets a column of its own.
  return (
    <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[300px_minmax(0,1fr)] xl:grid-cols-[280px_minmax(0,1fr)_320px]">
      <div className="contents lg:col-start-1 lg:row-start-1 lg:flex lg:flex-col lg:gap-4 xl:contents">
        <div className="order-1 space-y-2 xl:col-start-1 xl:row-start-1">
          {requestedId !== null && (
            <Button
              variant="outline"
              className="w-full justify-between lg:hidden"
              aria-expanded={queueOpen}
              aria-controls="pending-queue"
              onClick={() => setQueueOpen((open) => !open)}
            >
              <Trans>Pending approvals ({count})</Trans>
              <ChevronDown className={cn('transition-transform', queueOpen && 'rotate-180')} aria-hidden="true" />
            </Button>
          )}
          <div id="pending-queue" className={cn(requestedId !== null && !queueOpen && 'max-lg:hidden')}>
            <PendingList tasks={tasks} selectedId={selected.id} onSelect={choose} />
          </div>
        </div>
        <aside aria-label={t`Review`} className="contents lg:flex lg:flex-col lg:gap-4 xl:col-start-3 xl:row-start-1">
          <div className="order-3 max-lg:sticky max-lg:bottom-0 max-lg:z-20">
            <DecisionBar key={selected.id} task={selected} onDecided={(decided) => selectNextAfter(decided.id)} />
          </div>
          <div className="order-4">
            <ReviewNotes task={selected} />
          </div>
        </aside>
      </div>
      <div ref={viewer} className="order-2 min-w-0 scroll-mt-20 lg:col-start-2 lg:row-start-1">
        <VersionViewer key={selected.id} task={selected} />
      </div>
    </div>
  );
}

export default function ApprovalsPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Approval Center`} description={t`Review submitted SOP versions, then approve them or request changes.`} />
      <ApprovalCenter />
      {/* The translations to do again, under the decisions: they wait on no one's signature. */}
      <section className="mt-8 max-w-3xl" aria-label={t`Outdated translations`}>
        <OutdatedTranslations />
      </section>
    </>
  );
}
