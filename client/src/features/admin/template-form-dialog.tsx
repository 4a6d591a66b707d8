import { useEffect } from 'react';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { type SopTemplate, TemplateInput } from '@common/contracts/templates';
import { FieldError } from '@/components/field-error';
import { TagsInput } from '@/components/tags-input';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { confirmDiscard, useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { useCreateTemplate, useUpdateTemplate } from './templates-api';

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
  onOpenChange: (open: boolean) => void;
  /** Absent: create. Present: edit this one. */
  template?: SopTemplate;
}

export function TemplateFormDialog({ open, onOpenChange, template }: Props) {
  const isEdit = template !== undefined;
  const createTemplate = useCreateTemplate();
  const updateTemplate = useUpdateTemplate();
  const pending = createTemplate.isPending || updateTemplate.isPending;
  const form = useForm<Fields>({ resolver: zodResolver(TemplateInput) as never, defaultValues: valuesOf(template) });
  const { errors } = form.formState;
  const dirty = open && form.formState.isDirty && !pending;
  useUnsavedChanges(dirty);

  useEffect(() => {
    if (open) form.reset(valuesOf(template));
  }, [open, template, form]);

  const submit = form.handleSubmit((input) => {
    const close = { onSuccess: () => onOpenChange(false) };
    if (isEdit) updateTemplate.mutate({ id: template.id, input }, close);
    else createTemplate.mutate(input, close);
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && (next || confirmDiscard(dirty)) && onOpenChange(next)}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Edit Template' : 'Create Template'}</DialogTitle>
          <DialogDescription>An SOP started from it receives its steps, category and tags.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="min-w-0 space-y-4">
          <div className="space-y-2">
            <Label htmlFor="template-name">Name</Label>
            <Input id="template-name" aria-invalid={!!errors.name} autoComplete="off" {...form.register('name')} />
            <FieldError message={errors.name?.message} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="template-category">Default category</Label>
            <Input id="template-category" placeholder="e.g., Onboarding, Policies" aria-invalid={!!errors.category} {...form.register('category')} />
            <FieldError message={errors.category?.message} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="template-tags">Default tags</Label>
            <Controller
              control={form.control}
              name="tags"
              render={({ field }) => <TagsInput id="template-tags" value={field.value} onChange={field.onChange} disabled={pending} />}
            />
            <FieldError message={errors.tags?.message} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="template-content">Steps &amp; Procedures</Label>
            <Textarea id="template-content" rows={10} className="font-mono text-sm" aria-invalid={!!errors.content} {...form.register('content')} />
            <FieldError message={errors.content?.message} />
          </div>
          <FormDialogFooter
            submit={isEdit ? 'Save Changes' : 'Create Template'}
            submitting="Saving..."
            pending={pending}
            onCancel={() => confirmDiscard(dirty) && onOpenChange(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
