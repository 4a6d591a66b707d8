import type { SelectOption } from '@/components/options-select';
import { FilterSelect } from './filter-select';
import type { SortState } from './sop-sorting';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

const OPTIONS: { value: string; label: MessageDescriptor }[] = [
  { value: 'none', label: msg`Default order` },
  { value: 'title-asc', label: msg`Title A–Z` },
  { value: 'title-desc', label: msg`Title Z–A` },
  { value: 'department-asc', label: msg`Department` },
  { value: 'status-asc', label: msg`Status` },
  { value: 'updatedAt-desc', label: msg`Last edited, newest` },
  { value: 'updatedAt-asc', label: msg`Last edited, oldest` },
];

/** Cards have no column headers to click: below 1024 px the same sort is offered as a select. */
export function SortSelect({ sort, onSort }: { sort: SortState | null; onSort: (sort: SortState | null) => void }) {
  const { t, i18n } = useLingui();
  const options: SelectOption<string>[] = OPTIONS.map((o) => ({ value: o.value, label: i18n._(o.label) }));
  const wanted = sort ? `${sort.column}-${sort.direction}` : 'none';
  const shown = OPTIONS.find((o) => o.value === wanted) ?? OPTIONS[0];
  return (
    <FilterSelect
      id="sop-sort"
      label={t`Sort`}
      className="sm:w-[200px] lg:hidden"
      value={shown.value}
      options={options}
      onValueChange={(next) => {
        if (next === 'none') return onSort(null);
        const [column, direction] = next.split('-') as [SortState['column'], SortState['direction']];
        onSort({ column, direction });
      }}
    />
  );
}
