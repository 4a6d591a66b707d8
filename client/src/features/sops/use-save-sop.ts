import { useState } from 'react';
import { useLocation } from 'wouter';
import { z } from 'zod';
import { CreateSopInput } from '@common/contracts/sops';
import type { RevisionClass } from '@common/revision-classes';
import { toast } from '@/hooks/use-toast';
import { errorText } from '@/lib/api-error';
import { toastFailure } from '@/lib/use-api-mutation';
import { createSop, refreshSopLists, updateSop, uploadAttachment, type SavedSop } from './api';
import { submitAfterSave } from './submit-after-save';
import type { PickedFile } from './attachments-picker';
import { t } from '@lingui/core/macro';

/** The form's rules: the create contract, with content required (an SOP written in the form must say something). */
export const SopFormSchema = CreateSopInput.pick({
  title: true,
  departmentId: true,
  category: true,
  summary: true,
  tags: true,
  versionNumber: true,
  changelog: true,
  keepAttachmentIds: true,
  reviewFrequency: true,
  readingDays: true,
  vesselCodes: true,
  readingPositionIds: true,
  templateId: true,
}).extend({
  content: z
    // The messages are read when a check fails, in the interface's language of that moment.
    .string({ error: () => t`Content is required` })
    .max(200_000, { error: () => t`Content must be at most 200,000 characters` })
    .refine((text) => text.trim().length > 0, { error: () => t`Content is required` }),
});
export type SopFormInput = z.input<typeof SopFormSchema>;
export type SopFormOutput = z.output<typeof SopFormSchema>;

export const EMPTY_SOP_FORM: SopFormInput = {
  title: '',
  departmentId: '',
  category: '',
  summary: '',
  tags: [],
  content: '',
  versionNumber: '',
  changelog: '',
  reviewFrequency: '',
  readingDays: '',
};

/**
 * Create: POST /api/sops (the first version comes with it). Edit: PUT /api/sops/{id}, which
 * adds a version when the text or the files change. Then each picked file goes to that newest version, one request per file so
 * each shows its own progress. Save Draft changes no status; Submit for Approval saves, then
 * submits the saved version (docs/decisions/010-sop-versions-and-files.md, 'Submit for Approval on the form submits').
 */
/** `onRefused`: the save was refused (the toast says why); the form may show it beside its field. */
export function useSaveSop(editId: number | null, onRefused?: (error: unknown) => void) {
  const [, navigate] = useLocation();
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [saving, setSaving] = useState(false);

  const patchFile = (key: string, patch: Partial<PickedFile>) => setFiles((all) => all.map((f) => (f.key === key ? { ...f, ...patch } : f)));

  const uploadAll = async (versionId: number) => {
    const failed: string[] = [];
    for (const item of files.filter((f) => f.state !== 'done')) {
      patchFile(item.key, { state: 'uploading', progress: 0 });
      try {
        await uploadAttachment(versionId, item.file, (progress) => patchFile(item.key, { progress }));
        patchFile(item.key, { state: 'done', progress: 100 });
        toast({ title: t`Success`, description: t`File uploaded successfully` });
      } catch (error) {
        patchFile(item.key, { state: 'failed' });
        failed.push(`${item.file.name}: ${errorText(error, t`the upload failed`)}`);
      }
    }
    return failed;
  };

  const save = async (values: SopFormOutput, options: { submit?: boolean; revisionClass?: RevisionClass } = {}) => {
    setSaving(true);
    let saved: SavedSop;
    try {
      // On create the version fields are hidden and empty: the server writes '1.0' and 'Initial version'.
      // A save adds a version only when something in it changed; files about to be uploaded count.
      saved = editId ? await updateSop(editId, { ...values, attachingFiles: files.some((f) => f.state !== 'done') }) : await createSop(values);
    } catch (error) {
      setSaving(false);
      toastFailure(error, { fallback: editId ? t`Failed to update SOP` : t`Failed to create SOP` });
      onRefused?.(error);
      return;
    }
    const failed = saved.latestVersionId ? await uploadAll(saved.latestVersionId) : files.map((f) => f.file.name);
    await refreshSopLists(saved.id);
    setSaving(false);
    if (failed.length > 0) {
      // The SOP is saved; show it so the files can be added again from the edit form.
      const reasons = failed.join('; ');
      toast({ title: t`Upload failed`, description: t`The SOP was saved, but some files were not attached. ${reasons}`, variant: 'destructive' });
      navigate(`/sop/${saved.id}`);
      return;
    }
    // The server says when the save added no version (nothing, or only the details, changed).
    const saidSaved = !editId
      ? t`SOP created successfully`
      : saved.versionAdded === false && saved.message && !options.submit
        ? saved.message
        : t`SOP updated successfully`;
    if (options.submit && !(await submitAfterSave(saved.id, saidSaved, options.revisionClass))) {
      navigate(`/sop/${saved.id}`);
      return;
    }
    if (!options.submit) toast({ title: t`Success`, description: saidSaved });
    navigate('/documents');
  };

  return { files, setFiles, saving, save };
}
