import { REVIEW_FILTERS, type ReviewFilter } from '@common/sop-lifecycle';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { reviewLabel } from './review-badge';

/** The list's periodic review filter: any, due soon or overdue. */
export function ReviewFilterSelect({ value, onChange }: { value: ReviewFilter | null; onChange: (value: ReviewFilter | null) => void }) {
  return (
    <div className="w-full space-y-1 sm:w-[170px]">
      <Label htmlFor="sop-review-filter">Review</Label>
      <Select value={value ?? 'any'} onValueChange={(next) => onChange(next === 'any' ? null : (next as ReviewFilter))}>
        <SelectTrigger id="sop-review-filter">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="any">Any review date</SelectItem>
          {REVIEW_FILTERS.map((filter) => (
            <SelectItem key={filter} value={filter}>
              {reviewLabel(filter)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
