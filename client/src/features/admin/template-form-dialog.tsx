import { useEffect } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { type SopTemplate, TemplateInput } from '@common/contracts/templates';
import { FormField } from '@/components/form-field';
import { TagsInput } from '@/components/tags-input';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useCreateTemplate, useUpdateTemplate } from './templates-api';
import { useLingui } from '@lingui/react/macro';

type Fields = { name: string; category: string; tags: string[]; content: string };

/** A new template starts with the structure the create form suggests for any SOP. */
const SKELETON = '## Purpose\n\n## Prerequisites\n\n## Steps\n1. \n\n## Safety considerations\n\n## Quality checkpoints\n\n## Troubleshooting\n';

const valuesOf = (template: SopTemplate | undefined): Fields => ({
  name: template?.name ?? '',
  category: template?.category ?? '',
  tags: template?.tags ?? [],
  content: template?.content ?? SKELETON,
});

interface Props {
  open: boolean;
  onClose: () => void;
  /** Absent: create. Present: edit this one. */
  template?: SopTemplate;
}

export function TemplateFormDialog({ open, onClose, template }: Props) {
  const { t } = useLingui();
  const isEdit = template !== undefined;
  const createTemplate = useCreateTemplate();
  const updateTemplate = useUpdateTemplate();
  const pending = createTemplate.isPending || updateTemplate.isPending;
  const form = useForm<Fields>({ resolver: zodResolver(TemplateInput) as never, defaultValues: valuesOf(template) });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) form.reset(valuesOf(template));
  }, [open, template, form]);

  const submit = form.handleSubmit((input) => {
    const close = { onSuccess: onClose };
    if (isEdit) updateTemplate.mutate({ id: template.id, input }, close);
    else createTemplate.mutate(input, close);
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={isEdit ? t`Edit Template` : t`Create Template`}
      description={t`An SOP started from it receives its steps, category and tags.`}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl"
      onSubmit={submit}
      submit={isEdit ? t`Save Changes` : t`Create Template`}
      submitting={t`Saving...`}
      pending={pending}
      changed={form.formState.isDirty}
    >
      <FormField id="template-name" label={t`Name`} error={errors.name?.message}>
        <Input id="template-name" aria-invalid={!!errors.name} autoComplete="off" {...form.register('name')} />
      </FormField>
      <FormField id="template-category" label={t`Default category`} error={errors.category?.message}>
        <Input id="template-category" placeholder={t`e.g., Onboarding, Policies`} aria-invalid={!!errors.category} {...form.register('category')} />
      </FormField>
      <FormField id="template-tags" label={t`Default tags`} error={errors.tags?.message}>
        <Controller
          control={form.control}
          name="tags"
          render={({ field }) => <TagsInput id="template-tags" value={field.value} onChange={field.onChange} disabled={pending} />}
        />
      </FormField>
      <FormField id="template-content" label={t`Steps & Procedures`} error={errors.content?.message}>
        <Textarea id="template-content" rows={10} className="font-mono text-sm" aria-invalid={!!errors.content} {...form.register('content')} />
      </FormField>
    </FormDialog>
  );
}
