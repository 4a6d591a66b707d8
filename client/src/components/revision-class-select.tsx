import { REVISION_CLASSES, type RevisionClass } from '@common/revision-classes';
import { REVISION_CLASS_LABELS } from '@/lib/labels';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { i18n } from '@/lib/i18n';

/** What each class means to readers, said where the class is chosen. */
const MEANING: Record<RevisionClass, MessageDescriptor> = {
  major: msg`everyone reads again`,
  minor: msg`everyone reads again`,
  editorial: msg`typo or layout: readers keep their attestations`,
};

export const revisionClassText = (revisionClass: RevisionClass) => {
  const label = REVISION_CLASS_LABELS[revisionClass];
  const meaning = i18n._(MEANING[revisionClass]);
  return t`${label} (${meaning})`;
};

/** The revision class of a version being submitted or approved. */
export function RevisionClassSelect({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: RevisionClass;
  onChange: (value: RevisionClass) => void;
  disabled?: boolean;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>
        <Trans>Revision class</Trans>
      </Label>
      <Select value={value} onValueChange={(v) => onChange(v as RevisionClass)} disabled={disabled}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {REVISION_CLASSES.map((c) => (
            <SelectItem key={c} value={c}>
              {revisionClassText(c)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
