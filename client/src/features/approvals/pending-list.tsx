import type { ApprovalTask } from '@common/contracts/sops';
import { formatDate } from '@/lib/labels';
import { ownerNameOf } from '@/lib/names';
import { cn } from '@/lib/utils';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  tasks: ApprovalTask[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/** The queue on the left: title, department, submitter and submitted date; 'for X' on a task decided as X's delegate. */
export function PendingList({ tasks, selectedId, onSelect }: Props) {
  const { t } = useLingui();
  const count = tasks.length;
  return (
    <nav aria-labelledby="pending-heading" className="rounded-lg border bg-card">
      <h2 id="pending-heading" className="border-b px-4 py-3 text-sm font-semibold text-navy">
        <Trans>
          Pending Approvals <span className="font-normal text-muted-foreground">({count})</span>
        </Trans>
      </h2>
      <ul className="divide-y">
        {tasks.map((task) => {
          const selected = task.id === selectedId;
          const principal = task.decideFor?.name;
          return (
            <li key={task.id}>
              <button
                type="button"
                aria-current={selected ? 'true' : undefined}
                onClick={() => onSelect(task.id)}
                className={cn(
                  'w-full px-4 py-3 text-left outline-none transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:ring-inset',
                  selected && 'border-l-4 border-ocean bg-accent pl-3',
                )}
              >
                <span className="block truncate text-sm font-medium">{task.version.sop.title}</span>
                <span className="block text-xs text-muted-foreground">
                  {task.version.sop.department?.name ?? t`No department`} · v{task.version.versionNumber}
                </span>
                <span className="block text-xs text-muted-foreground">
                  {ownerNameOf(task.version.submittedByUser)} · {formatDate(task.version.submittedAt ?? task.createdAt)}
                </span>
                {task.decideFor && (
                  <span className="block text-xs font-medium text-ocean">
                    <Trans>for {principal}</Trans>
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
