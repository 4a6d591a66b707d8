import { Building2, FolderOpen } from 'lucide-react';
import type { Department } from '@common/contracts/departments';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { Plural, Trans, useLingui } from '@lingui/react/macro';

interface Props {
  departments: Department[] | null | undefined;
  isLoading: boolean;
  isError: boolean;
  selectedId: number | null;
  /** Only the departments holding an SOP the person sees (the counts are theirs), and the one chosen: a reader's filter offers nothing empty. */
  onlyWithSops?: boolean;
  onToggle: (id: number) => void;
  onClear: () => void;
}

/** Divisions with their departments beneath; a click toggles that department as the filter. */
export function DepartmentSidebar({ departments, isLoading, isError, selectedId, onlyWithSops = false, onToggle, onClear }: Props) {
  const { t } = useLingui();
  const list = departments ?? [];
  const allChildrenOf = (id: number) => list.filter((d) => d.parentId === id);
  const offered = (d: Department) => !onlyWithSops || d.sopCount > 0 || d.id === selectedId;
  const childrenOf = (id: number) => allChildrenOf(id).filter(offered);
  const divisions = list.filter((d) => d.parentId === null && (offered(d) || childrenOf(d.id).length > 0));
  const total = list.reduce((sum, d) => sum + (d.sopCount ?? 0), 0);

  return (
    <nav aria-label={t`Departments`} className="rounded-lg border bg-card p-3">
      <h2 className="mb-2 px-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        <Trans>Departments</Trans>
      </h2>
      {isLoading ? (
        <div className="space-y-2 px-2" role="status" aria-label={t`Loading departments`}>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-6 w-full" />
          ))}
        </div>
      ) : isError ? (
        <p className="px-2 text-sm text-destructive">
          <Trans>Departments could not be loaded.</Trans>
        </p>
      ) : (
        <ul className="space-y-0.5">
          <li>
            <SidebarButton label={t`All Departments`} count={total} active={selectedId === null} onClick={onClear} icon="all" />
          </li>
          {divisions.map((division) => (
            <li key={division.id}>
              {/* Filtering by a division includes its departments, so its count does too. */}
              <SidebarButton
                label={division.name}
                count={division.sopCount + allChildrenOf(division.id).reduce((sum, d) => sum + d.sopCount, 0)}
                active={selectedId === division.id}
                onClick={() => onToggle(division.id)}
                icon="division"
              />
              <ul className="ml-4 border-l pl-1">
                {childrenOf(division.id).map((dept) => (
                  <li key={dept.id}>
                    <SidebarButton label={dept.name} count={dept.sopCount} active={selectedId === dept.id} onClick={() => onToggle(dept.id)} />
                  </li>
                ))}
              </ul>
            </li>
          ))}
          {divisions.length === 0 && (
            <li className="px-2 py-1 text-sm text-muted-foreground">
              {list.length > 0 ? <Trans>No department holds an SOP you can open yet</Trans> : <Trans>No departments yet</Trans>}
            </li>
          )}
        </ul>
      )}
    </nav>
  );
}

function SidebarButton({
  label,
  count,
  active,
  onClick,
  icon,
}: {
  label: string;
  count: number;
  active: boolean;
  onClick: () => void;
  icon?: 'all' | 'division';
}) {
  const Icon = icon === 'all' ? FolderOpen : Building2;
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring',
        active ? 'bg-accent font-medium text-accent-foreground' : 'text-foreground hover:bg-muted',
        icon && 'font-medium',
      )}
    >
      {icon && <Icon className="size-4 shrink-0 text-ocean" aria-hidden="true" />}
      <span className="min-w-0 flex-1 wrap-anywhere">{label}</span>
      <span className="rounded-full bg-muted px-2 text-xs tabular-nums text-muted-foreground">
        {count}
        <span className="sr-only">
          {' '}
          <Plural value={count} one="SOP" other="SOPs" />
        </span>
      </span>
    </button>
  );
}
