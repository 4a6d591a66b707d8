import { useQuery } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import type { SopTemplate } from '@common/contracts/templates';
import { Label } from '@/components/ui/label';
import { OptionsSelect } from '@/components/options-select';
import { templatesQuery } from '@/lib/shared-queries';
import type { SopFormInput, SopFormOutput } from './use-save-sop';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * 'Start from a template' on the create form: fills the content, category and tags (title,
 * department and summary stay the person's own). What was already typed is replaced only after
 * they confirm. Not shown when there is no template.
 */
export function TemplatePicker({ form, disabled }: { form: UseFormReturn<SopFormInput, unknown, SopFormOutput>; disabled: boolean }) {
  const templates = useQuery(templatesQuery).data ?? [];
  const { t } = useLingui();
  const chosen = form.watch('templateId');
  if (templates.length === 0) return null;

  const start = (template: SopTemplate) => {
    const { content, category, tags } = form.getValues();
    const typed = Boolean(content?.trim() || category?.trim() || tags?.length);
    if (typed && !window.confirm(t`Replace the content, category and tags you have entered with the template's?`)) return;
    const dirty = { shouldDirty: true, shouldValidate: false };
    form.setValue('content', template.content, dirty);
    form.setValue('category', template.category ?? '', dirty);
    form.setValue('tags', template.tags, dirty);
    form.setValue('templateId', template.id, dirty);
  };

  return (
    <div className="space-y-1.5">
      <Label htmlFor="sop-template">
        <Trans>Start from a template</Trans>
      </Label>
      <OptionsSelect
        id="sop-template"
        value={chosen ? String(chosen) : ''}
        options={templates.map((template) => ({ value: String(template.id), label: template.name }))}
        placeholder={t`No template`}
        disabled={disabled}
        onValueChange={(value) => {
          const template = templates.find((one) => String(one.id) === value);
          if (template) start(template);
        }}
      />
    </div>
  );
}
