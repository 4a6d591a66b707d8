import { MountWhenIdle } from '@/components/mount-when-idle';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { SortState } from './sop-sorting';

const OPTIONS: { value: string; label: string }[] = [
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
    <div className="w-full space-y-1 sm:w-[200px] lg:hidden">
      <Label htmlFor="sop-sort">Sort</Label>
      <Select
        value={shown.value}
        onValueChange={(next) => {
          if (next === 'none') return onSort(null);
          const [column, direction] = next.split('-') as [SortState['column'], SortState['direction']];
          onSort({ column, direction });
        }}
      >
        <SelectTrigger id="sop-sort">
          <SelectValue>{shown.label}</SelectValue>
        </SelectTrigger>
        {/* The options mount once the list has painted (see MountWhenIdle); the trigger names the value. */}
        <MountWhenIdle>
          <SelectContent>
            {OPTIONS.map((o) => (
              <SelectItem key={o.value} value={o.value}>
                {o.label}
              </SelectItem>
            ))}
          </SelectContent>
        </MountWhenIdle>
      </Select>
    </div>
  );
}
