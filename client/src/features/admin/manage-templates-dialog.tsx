import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FileText, LayoutTemplate } from 'lucide-react';
import type { SopTemplate } from '@common/contracts/templates';
import { deleteQuestion, DeleteTargetDialog } from '@/components/confirm-delete-dialog';
import { EditDeleteButtons } from '@/components/edit-delete-buttons';
import { ManageDialog } from '@/components/manage-dialog';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { templatesQuery } from '@/lib/shared-queries';
import { TemplateFormDialog } from './template-form-dialog';
import { useDeleteTemplate } from './templates-api';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

/** How many SOPs were started from a template: the figure behind 'Most used'. */
export const sopsText = (count: number) => plural(count, { one: '# SOP', other: '# SOPs' });

type FormState = { open: false } | { open: true; template?: SopTemplate };

export function ManageTemplatesDialog() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<FormState>({ open: false });
  const [toDelete, setToDelete] = useState<SopTemplate | null>(null);
  const query = useQuery({ ...templatesQuery, enabled: open });
  const templates = query.data ?? [];
  const deleteTemplate = useDeleteTemplate();
  const tagsOf = (name: string) => t`Tags of ${name}`;

  return (
    <ManageDialog
      title={t`Manage Templates`}
      description={t`What a new SOP can start from: its steps, category and tags.`}
      icon={LayoutTemplate}
      open={open}
      onOpenChange={setOpen}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-3xl"
      add={templates.length > 0 ? { label: t`Add Template`, onClick: () => setForm({ open: true }) } : undefined}
    >
      <QueryState query={query} loading={t`Loading templates`} failed={t`Could not load the templates.`} frame="py-10">
        {templates.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-10 text-center">
            <FileText className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="font-semibold text-navy">
              <Trans>No Templates Yet</Trans>
            </p>
            <p className="max-w-sm text-sm text-muted-foreground">
              <Trans>People creating an SOP can start from a template once there is one.</Trans>
            </p>
            <Button onClick={() => setForm({ open: true })}>
              <Trans>Create First Template</Trans>
            </Button>
          </div>
        ) : (
          <ul className="space-y-2" aria-label={t`Templates`}>
            {templates.map((template) => (
              <li key={template.id} aria-label={template.name} className="flex items-start justify-between gap-3 rounded-lg border px-4 py-3">
                <div className="min-w-0 space-y-1">
                  <h3 className="break-words font-semibold text-navy">{template.name}</h3>
                  <p className="text-xs text-muted-foreground">
                    <TemplateFacts template={template} />
                  </p>
                  {template.tags.length > 0 && (
                    <ul className="flex flex-wrap gap-1" aria-label={tagsOf(template.name)}>
                      {template.tags.map((tag) => (
                        <li key={tag}>
                          <Badge variant="secondary">{tag}</Badge>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
                <EditDeleteButtons name={template.name} onEdit={() => setForm({ open: true, template })} onDelete={() => setToDelete(template)} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>

      <TemplateFormDialog open={form.open} onClose={() => setForm({ open: false })} template={form.open ? form.template : undefined} />
      <DeleteTargetDialog
        target={toDelete}
        title={t`Delete template`}
        // The SOPs started from it keep their text: say so, since 'delete' could suggest otherwise.
        description={`${deleteQuestion(toDelete?.name)} ${t`SOPs already started from it keep their content.`}`}
        remove={{ isPending: deleteTemplate.isPending, mutate: (target, options) => deleteTemplate.mutate(target.id, options) }}
        onClose={() => setToDelete(null)}
      />
    </ManageDialog>
  );
}

/** '<category> · Used for N SOPs' under a template's name. */
function TemplateFacts({ template }: { template: SopTemplate }) {
  const { t } = useLingui();
  const category = template.category ?? t`No category`;
  const sops = sopsText(template.useCount);
  return (
    <>
      {category} · <Trans>Used for {sops}</Trans>
    </>
  );
}
