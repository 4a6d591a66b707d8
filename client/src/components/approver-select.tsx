import { useQuery } from '@tanstack/react-query';
import type { Approvers } from '@common/contracts/approval-routes';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { displayNameOf } from '@/lib/names';
import { queryKeys } from '@/lib/query-keys';

interface Props {
  id: string;
  /** The chosen user id as text, '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** People who may not be chosen here (the submitter, oneself, those already chosen). */
  exclude?: ReadonlySet<number | null>;
  invalid?: boolean;
  placeholder?: string;
}

/** One active approver or admin (co-approvers, delegates): the people who may decide approvals. */
export function ApproverSelect({ id, value, onChange, exclude, invalid, placeholder = 'Choose an approver' }: Props) {
  const approvers = useQuery<Approvers>({ queryKey: queryKeys.approvals.approvers() });
  const choices = (approvers.data ?? []).filter((a) => !exclude?.has(a.id));
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger id={id} className="w-full" aria-invalid={invalid || undefined}>
        <SelectValue placeholder={approvers.isLoading ? 'Loading...' : placeholder} />
      </SelectTrigger>
      <SelectContent>
        {choices.map((a) => (
          <SelectItem key={a.id} value={String(a.id)}>
            {displayNameOf(a)} ({a.username})
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
