import { useMemo } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown, FileSearch } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import type { PublicUser } from '@common/contracts/auth';
import type { SopListItem } from '@common/contracts/sops';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useMediaQuery } from '@/hooks/use-media-query';
import { formatRelativeDay } from '@/lib/labels';
import { ownerNameOf } from '@/lib/names';
import { actionsFor, SopRowActions, type RowAction } from './sop-row-actions';
import { nextSort, pageOf, sortSops, type SortColumn, type SortState } from './sop-sorting';
import { SopCards, versionLabel } from './sop-cards';
import { ReviewBadge } from './review-badge';
import { InForceStatus } from './in-force-status';
import { MatchSnippet } from './match-snippet';
import { t } from '@lingui/core/macro';

interface Props {
  sops: SopListItem[];
  user: PublicUser | null;
  busyId: number | null;
  /** Sort and page belong to the page's URL; the parent goes back to page 1 on a new sort. */
  sort: SortState | null;
  page: number;
  onSort: (sort: SortState) => void;
  onPage: (page: number) => void;
  onAction: (action: RowAction, sop: SopListItem) => void;
  /**
   * Given when `sops` is one page the server sorted and paged (the Procedures list, decision
   * 077): its count for the filters, and whether that is an estimate.
   */
  paged?: { total: number; estimate: boolean; hasNext: boolean; pageSize: number };
}

/**
 * Sorts and pages the rows it is given on the client, unless `paged` says the server did.
 * From 1024 px a table; narrower, the same page of rows as cards (status, version, actions kept).
 */
export function SopTable({ sops, user, busyId, sort, page, onSort, onPage, onAction, paged }: Props) {
  const [, navigate] = useLocation();
  const sorted = useMemo(() => (paged ? sops : sortSops(sops, sort)), [sops, sort, paged]);
  const current = paged ? serverPage(sops, page, paged) : pageOf(sorted, page);
  const sortBy = (column: SortColumn) => onSort(nextSort(sort, column));
  // One of the two layouts is rendered, not both: half the DOM for a page of 50.
  const wide = useMediaQuery('(min-width: 1024px)');
  const { from, to } = current;
  const total = paged ? paged.total : sorted.length;
  const about = paged?.estimate ?? false;
  const pageNumber = current.page;
  const pages = current.pageCount;

  if (sops.length === 0) {
    return (
      <div className="flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed bg-card py-16 text-center">
        <FileSearch className="size-10 text-muted-foreground" aria-hidden="true" />
        <p className="text-lg font-semibold text-navy">{t`No SOPs Found`}</p>
        <p className="text-sm text-muted-foreground">{t`Try another department, status or search, or create a new SOP.`}</p>
      </div>
    );
  }

  return (
    <div className="rounded-lg border bg-card">
      {!wide && <SopCards sops={current.rows} user={user} busyId={busyId} onAction={onAction} />}
      {wide && (
        <Table className="text-sm">
          <TableHeader>
            <TableRow>
              <SortableHead label={t`SOP Title`} column="title" sort={sort} onSort={sortBy} />
              <SortableHead label={t`Department`} column="department" sort={sort} onSort={sortBy} />
              <SortableHead label={t`Status`} column="status" sort={sort} onSort={sortBy} />
              <TableHead>{t`Version`}</TableHead>
              <TableHead>{t`Owner`}</TableHead>
              <SortableHead label={t`Last Edited`} column="updatedAt" sort={sort} onSort={sortBy} />
              <TableHead>{t`Actions`}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {current.rows.map((sop) => (
              <TableRow key={sop.id} className="cursor-pointer" onClick={() => navigate(`/sop/${sop.id}`)} data-testid="sop-row">
                <TableCell className="min-w-[160px] max-w-[300px] font-medium whitespace-normal text-navy">
                  <Link
                    href={`/sop/${sop.id}`}
                    className="rounded-sm outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                    onClick={(e) => e.stopPropagation()}
                  >
                    {sop.title}
                  </Link>
                  <MatchSnippet match={sop.match} />
                </TableCell>
                <TableCell className="max-w-[150px] whitespace-normal">{sop.department?.name ?? '—'}</TableCell>
                <TableCell className="max-w-[220px] min-w-[150px] whitespace-normal">
                  <div className="flex flex-col items-start gap-1">
                    <InForceStatus sop={sop} />
                    <ReviewBadge status={sop.reviewStatus} />
                  </div>
                </TableCell>
                <TableCell className="tabular-nums">{versionLabel(sop)}</TableCell>
                <TableCell>{ownerNameOf(sop.owner)}</TableCell>
                <TableCell className="text-muted-foreground">{formatRelativeDay(sop.updatedAt)}</TableCell>
                <TableCell className="py-1">
                  <SopRowActions sop={sop} actions={actionsFor(sop, user)} busy={busyId === sop.id} onAction={onAction} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t px-3 py-2 text-sm text-muted-foreground">
        <span aria-live="polite">{about ? t`Showing ${from}–${to} of about ${total}` : t`Showing ${from}–${to} of ${total}`}</span>
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" disabled={current.page <= 1} onClick={() => onPage(current.page - 1)}>
            {t`Previous`}
          </Button>
          <span className="tabular-nums">{about ? t`Page ${pageNumber} of about ${pages}` : t`Page ${pageNumber} of ${pages}`}</span>
          <Button variant="outline" size="sm" disabled={paged ? !paged.hasNext : current.page >= current.pageCount} onClick={() => onPage(current.page + 1)}>
            {t`Next`}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** Where a page the server gave stands in the whole list: its rows, numbers and the count of pages. */
function serverPage(rows: SopListItem[], page: number, paged: NonNullable<Props['paged']>) {
  const start = (page - 1) * paged.pageSize;
  const pageCount = Math.max(page + (paged.hasNext ? 1 : 0), Math.ceil(paged.total / paged.pageSize), 1);
  return { rows, page, pageCount, from: rows.length ? start + 1 : 0, to: start + rows.length };
}

function SortableHead({ label, column, sort, onSort }: { label: string; column: SortColumn; sort: SortState | null; onSort: (c: SortColumn) => void }) {
  const active = sort?.column === column;
  const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <TableHead aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className="inline-flex items-center gap-1 rounded-sm uppercase outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
      >
        {label}
        <Icon className="size-3.5" aria-hidden="true" />
      </button>
    </TableHead>
  );
}
