import { type FormEvent, useState } from 'react';
import { Lightbulb } from 'lucide-react';
import { SUGGESTION_SECTION_MAX, SUGGESTION_TEXT_MAX } from '@common/limits';
import { LongTextField } from '@/components/long-text-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSuggestChange } from './api';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * 'Suggest a change' on the SOP reader: a reader of the version in force says what should change,
 * optionally where (a page or heading). Sent to the SOP's owner, approvers and administrators.
 */
export function SuggestChangeDialog({ sop, className }: { sop: { id: number; title: string; versionNumber: string }; className?: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [section, setSection] = useState('');
  const [tried, setTried] = useState(false);
  const close = () => {
    setOpen(false);
    setText('');
    setSection('');
    setTried(false);
  };
  const send = useSuggestChange(sop.id, close);
  const missing = text.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (missing) return;
    send.mutate({ text: text.trim(), section: section.trim() || null });
  };
  const version = sop.versionNumber;
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
      <DialogTrigger asChild>
        <Button variant="outline" className={className}>
          <Lightbulb /> <Trans>Suggest a change</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <form onSubmit={submit} className="space-y-4" noValidate>
          <DialogHeader>
            <DialogTitle>
              <Trans>Suggest a change</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>
                To “{sop.title}”, version {version}. The procedure’s owner reads it and answers; you are told by the bell and by e-mail.
              </Trans>
            </DialogDescription>
          </DialogHeader>
          <div className="space-y-1.5">
            <Label htmlFor="suggestion-section">
              <Trans>Where (optional)</Trans>
            </Label>
            <Input
              id="suggestion-section"
              value={section}
              maxLength={SUGGESTION_SECTION_MAX}
              placeholder={t`A page or heading, e.g. p. 4 or 3.2 Mooring lines`}
              onChange={(e) => setSection(e.target.value)}
            />
          </div>
          <LongTextField
            id="suggestion-text"
            label={<Trans>What should change, and why</Trans>}
            rows={6}
            value={text}
            onChange={setText}
            maxLength={SUGGESTION_TEXT_MAX}
            error={tried && missing ? t`Write your suggestion first.` : undefined}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? <Trans>Sending...</Trans> : <Trans>Send suggestion</Trans>}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
