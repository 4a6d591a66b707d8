import type { SelectOption } from '@/components/options-select';
import { FilterSelect } from './filter-select';
import type { SortState } from './sop-sorting';

const OPTIONS: SelectOption<string>[] = [
  { value: 'none', label: 'Default order' },
  { value: 'title-asc', label: 'Title A–Z' },
  { value: 'title-desc', label: 'Title Z–A' },
  { value: 'department-asc', label: 'Department' },
  { value: 'status-asc', label: 'Status' },
  { value: 'updatedAt-desc', label: 'Last edited, newest' },
  { value: 'updatedAt-asc', label: 'Last edited, oldest' },
];

/** Cards have no column headers to click: below 1024 px the same sort is offered as a select. */
export function SortSelect({ sort, onSort }: { sort: SortState | null; onSort: (sort: SortState | null) => void }) {
  const wanted = sort ? `${sort.column}-${sort.direction}` : 'none';
  const shown = OPTIONS.find((o) => o.value === wanted) ?? OPTIONS[0];
  return (
    <FilterSelect
      id="sop-sort"
      label="Sort"
      className="sm:w-[200px] lg:hidden"
      value={shown.value}
      options={OPTIONS}
      onValueChange={(next) => {
        if (next === 'none') return onSort(null);
        const [column, direction] = next.split('-') as [SortState['column'], SortState['direction']];
        onSort({ column, direction });
      }}
    />
  );
}
