import { memo, useState } from 'react';
import type { ListFilterScope } from '@common/sop-lifecycle';
import { Search, SlidersHorizontal } from 'lucide-react';
import { Spinner } from '@/components/spinner';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { FilterSelect } from './filter-select';
import type { ListParams } from './list-params';
import { ReviewFilterSelect } from './review-filter-select';
import { SortSelect } from './sort-select';
import { statusFilterOptions } from './status-badge';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * Search, status, review, sort and 'No approved version', each offering only what the list can hold for the person. `folded`: the filters after the
 * search stay behind a 'Filters' button until opened (a reader's phone shows procedures first).
 * Memoised: the list's answer arriving does not draw them again.
 */
export const ListFilters = memo(function ListFilters({
  params,
  setParams,
  searchText,
  onSearchText,
  updating,
  folded = false,
  showArchive = false,
  scope,
}: {
  params: ListParams;
  setParams: (change: Partial<ListParams>) => void;
  searchText: string;
  onSearchText: (text: string) => void;
  updating: boolean;
  folded?: boolean;
  /** The 'Withdrawn (archive)' box: for those who may open withdrawn SOPs. */
  showArchive?: boolean;
  /** What the list can hold for this person (`listFiltersFor`): the filters offer nothing else. */
  scope: ListFilterScope;
}) {
  const { status, review, noApprovedVersion, archive } = params;
  const [open, setOpen] = useState(false);
  const { t } = useLingui();
  const filtering = status !== 'all' || review !== null || noApprovedVersion || archive || params.sort !== null;
  const showAll = !folded || open;
  // A filter already in the address stays shown, so it can be seen and taken off.
  const statuses = status === 'all' || scope.statuses.includes(status) ? scope.statuses : [...scope.statuses, status];
  return (
    <div className="flex flex-wrap items-end gap-3 rounded-lg border bg-card p-3">
      <div className={cn('space-y-1 sm:w-auto sm:min-w-[220px] sm:flex-1', folded ? 'min-w-0 flex-1' : 'w-full')}>
        <Label htmlFor="sop-search">
          <Trans>Search</Trans>
        </Label>
        <div className="relative">
          <Search className="absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            id="sop-search"
            type="search"
            placeholder={t`Search SOPs...`}
            className="pl-8"
            value={searchText}
            onChange={(e) => onSearchText(e.target.value)}
          />
        </div>
      </div>
      {folded && (
        <Button variant="outline" aria-expanded={open} aria-controls="sop-more-filters" onClick={() => setOpen((was) => !was)}>
          <SlidersHorizontal /> {filtering ? <Trans>Filters (on)</Trans> : <Trans>Filters</Trans>}
        </Button>
      )}
      {showAll && (
        <div id="sop-more-filters" className="contents">
          <FilterSelect
            id="sop-status-filter"
            label={t`Status`}
            className="sm:w-[180px]"
            value={status}
            options={statusFilterOptions(statuses)}
            onValueChange={(value) => setParams({ status: value })}
          />
          <ReviewFilterSelect value={review} onChange={(next) => setParams({ review: next })} />
          <SortSelect sort={params.sort} onSort={(sort) => setParams({ sort })} />
          {(scope.withoutApprovedVersion || noApprovedVersion) && (
            <div className="flex h-9 items-center gap-2">
              <Checkbox id="sop-no-approved" checked={noApprovedVersion} onCheckedChange={(checked) => setParams({ noApprovedVersion: checked === true })} />
              <Label htmlFor="sop-no-approved">
                <Trans>No approved version</Trans>
              </Label>
            </div>
          )}
          {showArchive && (
            <div className="flex h-9 items-center gap-2">
              <Checkbox id="sop-archive" checked={archive} onCheckedChange={(checked) => setParams({ archive: checked === true, page: 1 })} />
              <Label htmlFor="sop-archive">
                <Trans>Withdrawn (archive)</Trans>
              </Label>
            </div>
          )}
        </div>
      )}
      {updating && <Spinner className="mb-2 size-4" label={t`Updating list`} />}
    </div>
  );
});
