import { READING_DAYS_DEFAULT } from '@common/contracts/reading';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { Save, Send } from 'lucide-react';
import { Controller, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { SopVersion } from '@common/contracts/sops';
import { DEFAULT_REVISION_CLASS, type RevisionClass } from '@common/revision-classes';
import { RevisionClassSelect } from '@/components/revision-class-select';
import { FieldError } from '@/components/field-error';
import { FormField } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { useOnline } from '@/offline/offline-status';
import { AttachmentsPicker } from './attachments-picker';
import { KeepAttachments } from './keep-attachments';
import { proceduresHref } from './list-params';
import { ContentEditor } from './content-editor';
import { TemplatePicker } from './template-picker';
import { TagsInput } from '@/components/tags-input';
import { PositionChoice } from '@/components/position-choice';
import { VesselChoice } from '@/components/vessel-choice';
import { showBesideField } from '@/forms/server-field-error';
import { SopFormSchema, useSaveSop, type SopFormInput, type SopFormOutput } from './use-save-sop';
import { SopDepartmentField } from './sop-department-field';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

/** A whole number from 1 to `max`, or empty (the form's optional counts: months, days). */
function WholeNumberField(props: {
  id: string;
  label: string;
  max: number;
  placeholder: string;
  hint?: string;
  error?: string;
  disabled: boolean;
  field: UseFormRegisterReturn;
}) {
  const hintId = props.hint ? `${props.id}-hint` : undefined;
  const describedBy = [hintId, props.error ? `${props.id}-error` : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <FormField id={props.id} label={props.label} error={props.error} className="space-y-1.5">
      <Input
        id={props.id}
        type="number"
        min={1}
        max={props.max}
        step={1}
        inputMode="numeric"
        placeholder={props.placeholder}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy}
        disabled={props.disabled}
        {...props.field}
      />
      {props.hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {props.hint}
        </p>
      )}
    </FormField>
  );
}

/** The fields a refusal of the server can name, each shown beside its input. */
const SOP_FIELDS = [
  'title',
  'departmentId',
  'category',
  'summary',
  'tags',
  'content',
  'versionNumber',
  'changelog',
  'reviewFrequency',
  'readingDays',
  'vesselCodes',
  'readingPositionIds',
] as const;

interface Props {
  editId: number | null;
  initial: SopFormInput;
  /** Edit mode: the version being replaced, for the hints. */
  currentVersion?: SopVersion | null;
  suggestedVersion?: string;
  /** Shown above the editor: the reviewer's request while the author revises. */
  request?: ReactNode;
}

export function SopForm({ editId, initial, currentVersion, suggestedVersion, request }: Props) {
  const form = useForm<SopFormInput, unknown, SopFormOutput>({ resolver: zodResolver(SopFormSchema), defaultValues: initial });
  const { errors } = form.formState;
  const { files, setFiles, saving, save } = useSaveSop(editId, (error) => showBesideField(form, error, SOP_FIELDS));
  const online = useOnline();
  const { t } = useLingui();
  const usualDays = READING_DAYS_DEFAULT;
  const content = form.watch('content');
  const isEdit = editId !== null;
  // Said when submitting (a first version has nothing before it: it is major).
  const [revisionClass, setRevisionClass] = useState<RevisionClass>(DEFAULT_REVISION_CLASS);
  useUnsavedChanges(!saving && (form.formState.isDirty || files.length > 0));

  return (
    <form id="sop-form" onSubmit={form.handleSubmit((values) => save(values))} noValidate>
      <PageHeader
        title={isEdit ? t`Edit SOP` : t`Create New SOP`}
        description={isEdit ? t`Saving adds a new version; earlier versions are kept.` : t`A new SOP starts as a draft with version 1.0.`}
        actions={
          <>
            <Button asChild variant="outline">
              <Link href={proceduresHref()}>
                <Trans>Cancel</Trans>
              </Link>
            </Button>
            {/* Save Draft saves; Submit for Approval saves, then submits: the label is a promise people rely on. */}
            <Button type="submit" variant="outline" disabled={saving || !online}>
              <Save /> {saving ? <Trans>Saving...</Trans> : <Trans>Save Draft</Trans>}
            </Button>
            <Button type="button" disabled={saving || !online} onClick={form.handleSubmit((values) => save(values, { submit: true, revisionClass }))}>
              <Send /> <Trans>Submit for Approval</Trans>
            </Button>
          </>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(300px,400px)_minmax(0,1fr)]">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">
              <Trans>Details</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            {!isEdit && <TemplatePicker form={form} disabled={saving} />}
            <FormField id="sop-title" label={t`Title *`} error={errors.title?.message} className="space-y-1.5">
              <Input id="sop-title" aria-invalid={!!errors.title} disabled={saving} {...form.register('title')} />
            </FormField>
            <SopDepartmentField id="sop-department" control={form.control} error={errors.departmentId?.message} disabled={saving} />
            <FormField id="sop-category" label={t`Category`} error={errors.category?.message} className="space-y-1.5">
              <Input id="sop-category" placeholder={t`e.g., Onboarding, Policies`} disabled={saving} {...form.register('category')} />
            </FormField>
            <FormField id="sop-summary" label={t`Summary`} error={errors.summary?.message} className="space-y-1.5">
              <Textarea id="sop-summary" rows={3} disabled={saving} {...form.register('summary')} />
            </FormField>
            <FormField id="sop-tags" label={t`Tags`} error={errors.tags?.message} className="space-y-1.5">
              <Controller
                control={form.control}
                name="tags"
                render={({ field }) => <TagsInput id="sop-tags" value={field.value ?? []} onChange={field.onChange} disabled={saving} />}
              />
            </FormField>
            <WholeNumberField
              id="sop-review-frequency"
              label={t`Review frequency (months)`}
              max={60}
              placeholder={t`Empty for no periodic review`}
              error={errors.reviewFrequency?.message}
              disabled={saving}
              field={form.register('reviewFrequency')}
            />
            <WholeNumberField
              id="sop-reading-days"
              label={t`Days to read it`}
              max={365}
              placeholder={plural(usualDays, { one: 'Empty for the usual # day', other: 'Empty for the usual # days' })}
              hint={t`Each new version must be read within this many days of coming into force.`}
              error={errors.readingDays?.message}
              disabled={saving}
              field={form.register('readingDays')}
            />
            <Controller
              control={form.control}
              name="vesselCodes"
              render={({ field }) => <VesselChoice value={field.value ?? []} onChange={field.onChange} disabled={saving} />}
            />
            <FieldError message={errors.vesselCodes?.message} />
            <Controller
              control={form.control}
              name="readingPositionIds"
              render={({ field }) => <PositionChoice value={(field.value ?? []) as number[]} onChange={field.onChange} disabled={saving} />}
            />
            <FieldError message={errors.readingPositionIds?.message} />
            {isEdit && (
              <>
                <FormField id="sop-version-number" label={t`Version Number`} error={errors.versionNumber?.message} className="space-y-1.5">
                  <Input
                    id="sop-version-number"
                    placeholder={suggestedVersion ? t`Leave empty for ${suggestedVersion}` : undefined}
                    disabled={saving}
                    {...form.register('versionNumber')}
                  />
                </FormField>
                <FormField id="sop-changelog" label={t`Changelog`} error={errors.changelog?.message} className="space-y-1.5">
                  <Textarea id="sop-changelog" rows={3} placeholder={t`What changed in this version`} disabled={saving} {...form.register('changelog')} />
                </FormField>
                <RevisionClassSelect id="sop-revision-class" value={revisionClass} onChange={setRevisionClass} disabled={saving} />
              </>
            )}
            <div className="space-y-1.5">
              <Label htmlFor="sop-attachments">
                <Trans>Attachments</Trans>
              </Label>
              {isEdit && currentVersion && currentVersion.attachments.length > 0 && (
                <Controller
                  control={form.control}
                  name="keepAttachmentIds"
                  render={({ field }) => (
                    <KeepAttachments
                      attachments={currentVersion.attachments}
                      versionNumber={currentVersion.versionNumber}
                      value={(field.value ?? []) as number[]}
                      onChange={field.onChange}
                      disabled={saving}
                    />
                  )}
                />
              )}
              <AttachmentsPicker id="sop-attachments" files={files} onChange={setFiles} disabled={saving} />
            </div>
          </CardContent>
        </Card>
        <div className="min-w-0 space-y-4">
          {request}
          <Card>
            <CardHeader>
              <CardTitle className="text-base">
                <Label htmlFor="sop-content" className="text-base">
                  <Trans>Steps &amp; Procedures *</Trans>
                </Label>
              </CardTitle>
            </CardHeader>
            <CardContent className="space-y-1.5">
              <ContentEditor
                id="sop-content"
                isEmpty={!content}
                aria-invalid={!!errors.content}
                disabled={saving}
                placeholder={t`Write the procedure step by step...`}
                {...form.register('content')}
              />
              <FieldError message={errors.content?.message} />
            </CardContent>
          </Card>
        </div>
      </div>
    </form>
  );
}
