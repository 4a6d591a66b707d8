import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { SignatureProof } from '@common/contracts/signatures';
import type { SopDetail } from '@common/contracts/sops';
import type { TranslationSummary } from '@common/contracts/translations';
import type { LanguageCode } from '@common/languages';
import { TRANSLATION_LANGUAGES } from '@common/translation-rules';
import { Trans, useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormField } from '@/components/form-field';
import { UsePasskeyButton, useSignature } from '@/components/signature-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { nativeNameOf, useAddTranslation, useApproveTranslation } from './translations-api';

/**
 * 'Add translation': of the SOP's latest version, in one language, as Markdown text or a PDF,
 * Word or text file. It starts as a draft until another approver approves it.
 */
export function AddTranslationDialog({ sop }: { sop: SopDetail }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [language, setLanguage] = useState<LanguageCode>(TRANSLATION_LANGUAGES[0]);
  const [content, setContent] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const add = useAddTranslation(sop.id, { success: t`Translation added as a draft.`, failure: t`The translation could not be added.` });
  const version = sop.latestVersion?.versionNumber ?? '';
  const close = () => {
    setOpen(false);
    setContent('');
    setFile(null);
  };
  const send = () => {
    if (!sop.latestVersionId) return;
    add.mutate({ versionId: sop.latestVersionId, language, ...(file ? { file } : { content }) }, { onSuccess: close });
  };
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Plus className="size-4" aria-hidden="true" /> <Trans>Add translation</Trans>
      </Button>
      <ConfirmDialog
        open={open}
        title={t`Add a translation of version ${version}`}
        description={t`Write the translated text (Markdown), or choose a translated PDF, Word or text file.`}
        pending={add.isPending}
        onClose={close}
        action={
          <Button disabled={add.isPending || (!file && !content.trim())} onClick={send}>
            {add.isPending ? t`Adding...` : t`Add translation`}
          </Button>
        }
      >
        <FormField id="translation-language" label={t`Language`} className="space-y-1">
          <select
            id="translation-language"
            className="h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm"
            value={language}
            onChange={(e) => setLanguage(e.target.value as LanguageCode)}
          >
            {TRANSLATION_LANGUAGES.map((code) => (
              <option key={code} value={code} lang={code}>
                {nativeNameOf(code)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="translation-content" label={t`Translated text (Markdown)`} className="space-y-1">
          <Textarea id="translation-content" rows={8} lang={language} value={content} disabled={!!file} onChange={(e) => setContent(e.target.value)} />
        </FormField>
        <FormField id="translation-file" label={t`Or a file (PDF, Word or text)`} className="space-y-1">
          <Input
            id="translation-file"
            type="file"
            accept=".pdf,.doc,.docx,.txt,application/pdf,text/plain"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </FormField>
      </ConfirmDialog>
    </>
  );
}

/** 'Approve': for an approver or admin who did not add it; signed when signatures are required. */
export function ApproveTranslationButton({ sopId, translation }: { sopId: number; translation: TranslationSummary }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const approve = useApproveTranslation(sopId, { success: t`Translation approved.`, failure: t`The translation could not be approved.` });
  const signature = useSignature(`approve-translation-${translation.id}`, approve.error, open ? { versionId: translation.versionId } : null);
  const send = (proof: SignatureProof | undefined) => approve.mutate({ id: translation.id, signature: proof }, { onSuccess: () => setOpen(false) });
  const language = nativeNameOf(translation.language);
  const version = translation.versionNumber;
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        <Trans>Approve</Trans>
      </Button>
      <ConfirmDialog
        open={open}
        title={t`Approve the ${language} translation`}
        description={t`Once approved, readers whose language is ${language} read it while version ${version} is in force.`}
        pending={approve.isPending}
        onClose={() => setOpen(false)}
        action={
          <>
            {signature.required && <UsePasskeyButton disabled={approve.isPending} getProof={signature.passkeyProof} onProof={send} />}
            <Button disabled={approve.isPending || !signature.ready} onClick={() => send(signature.proof())}>
              {approve.isPending ? t`Approving...` : t`Approve`}
            </Button>
          </>
        }
      >
        {signature.field}
      </ConfirmDialog>
    </>
  );
}
