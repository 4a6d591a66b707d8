import { REVIEW_FILTERS, type ReviewFilter } from '@common/sop-lifecycle';
import { IdleOptionsSelect } from '@/components/idle-options-select';
import type { SelectOption } from '@/components/options-select';
import { Label } from '@/components/ui/label';
import { reviewLabel } from './review-badge';

const OPTIONS: SelectOption<string>[] = [
  { value: 'any', label: 'Any review date' },
  ...REVIEW_FILTERS.map((filter) => ({ value: filter, label: reviewLabel(filter) })),
];

/** The list's periodic review filter: any, due soon or overdue. */
export function ReviewFilterSelect({ value, onChange }: { value: ReviewFilter | null; onChange: (value: ReviewFilter | null) => void }) {
  return (
    <div className="w-full space-y-1 sm:w-[170px]">
      <Label htmlFor="sop-review-filter">Review</Label>
      <IdleOptionsSelect
        id="sop-review-filter"
        value={value ?? 'any'}
        options={OPTIONS}
        onValueChange={(next) => onChange(next === 'any' ? null : (next as ReviewFilter))}
      />
    </div>
  );
}
