import { useQuery } from '@tanstack/react-query';
import type { Approvers } from '@common/contracts/approval-routes';
import { OptionsSelect } from '@/components/options-select';
import { displayNameOf } from '@/lib/names';
import { queryKeys } from '@/lib/query-keys';
import { useLingui } from '@lingui/react/macro';

interface Props {
  id: string;
  /** The chosen user id as text, '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** People who may not be chosen here (the submitter, oneself, those already chosen). */
  exclude?: ReadonlySet<number | null>;
  /** Only these people (a step's named approvers); absent or null: every approver. */
  only?: readonly number[] | null;
  invalid?: boolean;
  placeholder?: string;
}

/** One active approver or admin (co-approvers, delegates): the people who may decide approvals. */
export function ApproverSelect({ id, value, onChange, exclude, only, invalid, placeholder }: Props) {
  const { t } = useLingui();
  const approvers = useQuery<Approvers>({ queryKey: queryKeys.approvals.approvers() });
  const choices = (approvers.data ?? []).filter((a) => !exclude?.has(a.id) && (only == null || only.includes(a.id)));
  return (
    <OptionsSelect
      id={id}
      value={value}
      options={choices.map((a) => ({ value: String(a.id), label: `${displayNameOf(a)} (${a.username})` }))}
      onValueChange={onChange}
      placeholder={approvers.isLoading ? t`Loading...` : (placeholder ?? t`Choose an approver`)}
      invalid={invalid || undefined}
      triggerClassName="w-full"
    />
  );
}
