import { REVIEW_FILTERS, type ReviewFilter } from '@common/sop-lifecycle';
import { MountWhenIdle } from '@/components/mount-when-idle';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { reviewLabel } from './review-badge';

const ANY = 'Any review date';

/** The list's periodic review filter: any, due soon or overdue. */
export function ReviewFilterSelect({ value, onChange }: { value: ReviewFilter | null; onChange: (value: ReviewFilter | null) => void }) {
  return (
    <div className="w-full space-y-1 sm:w-[170px]">
      <Label htmlFor="sop-review-filter">Review</Label>
      <Select value={value ?? 'any'} onValueChange={(next) => onChange(next === 'any' ? null : (next as ReviewFilter))}>
        <SelectTrigger id="sop-review-filter">
          <SelectValue>{value ? reviewLabel(value) : ANY}</SelectValue>
        </SelectTrigger>
        {/* The options mount once the list has painted (see MountWhenIdle); the trigger names the value. */}
        <MountWhenIdle>
          <SelectContent>
            <SelectItem value="any">{ANY}</SelectItem>
            {REVIEW_FILTERS.map((filter) => (
              <SelectItem key={filter} value={filter}>
                {reviewLabel(filter)}
              </SelectItem>
            ))}
          </SelectContent>
        </MountWhenIdle>
      </Select>
    </div>
  );
}
