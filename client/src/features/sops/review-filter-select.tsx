import { REVIEW_FILTERS, type ReviewFilter } from '@common/review-clock';
import type { SelectOption } from '@/components/options-select';
import { FilterSelect } from './filter-select';
import { reviewLabel } from './review-badge';
import { useLingui } from '@lingui/react/macro';

/** The list's periodic review filter: any, due soon or overdue. */
export function ReviewFilterSelect({ value, onChange }: { value: ReviewFilter | null; onChange: (value: ReviewFilter | null) => void }) {
  const { t } = useLingui();
  const options: SelectOption<string>[] = [
    { value: 'any', label: t`Any review date` },
    ...REVIEW_FILTERS.map((filter) => ({ value: filter, label: reviewLabel(filter) })),
  ];
  return (
    <FilterSelect
      id="sop-review-filter"
      label={t`Review`}
      className="sm:w-[170px]"
      value={value ?? 'any'}
      options={options}
      onValueChange={(next) => onChange(next === 'any' ? null : (next as ReviewFilter))}
    />
  );
}
