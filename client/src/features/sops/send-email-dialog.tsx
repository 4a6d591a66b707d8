import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import type { SopDetail } from '@common/contracts/sops';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { apiRequest } from '@/lib/api';
import { mailStatusQuery } from '@/lib/shared-queries';
import { useApiMutation } from '@/lib/use-api-mutation';
import { plural, t as tGlobal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

/** An SOP with exactly one version is 'new', otherwise 'updated': readers are told whether to read it whole or look for changes. */
export function emailTemplate(sop: SopDetail, origin: string) {
  // Written in the sender's language (they may still edit it before sending).
  const isNew = sop.versions.length === 1;
  const version = sop.latestVersion?.versionNumber ?? '1.0';
  const title = sop.title;
  const department = sop.department?.name;
  const summary = sop.summary;
  const link = `${origin}/sop/${sop.id}`;
  const subject = isNew ? tGlobal`New SOP: ${title} (v${version})` : tGlobal`Updated SOP: ${title} (v${version})`;
  const body = [
    tGlobal`Hello,`,
    '',
    isNew
      ? tGlobal`A new standard operating procedure is available: "${title}" (version ${version}).`
      : tGlobal`A updated standard operating procedure is available: "${title}" (version ${version}).`,
    department ? tGlobal`Department: ${department}` : null,
    summary ? tGlobal`Summary: ${summary}` : null,
    '',
    tGlobal`Please read it here: ${link}`,
    '',
    tGlobal`Thank you.`,
  ]
    .filter((line) => line !== null)
    .join('\n');
  return { subject, body };
}

/**
 * Where the server sends e-mail (SMTP_URL), 'Send' hands the message to it (queued, one per
 * address); 'Open Email Client' always opens the reader's own mail program instead.
 */
export function SendEmailDialog({ sop }: { sop: SopDetail }) {
  const [open, setOpen] = useState(false);
  const mail = useQuery(mailStatusQuery);
  const { t } = useLingui();
  const send = useApiMutation({
    mutationFn: async (input: { recipients: string; subject: string; message: string }) =>
      (await apiRequest('POST', `/api/sops/${sop.id}/email`, input)).json() as Promise<{ queued: number }>,
    success: ({ queued }) => plural(queued, { one: 'Email sent to # recipient', other: 'Email sent to # recipients' }),
    failure: { fallback: t`Failed to send the email` },
    onSuccess: () => setOpen(false),
  });
  const [recipients, setRecipients] = useState('');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');

  const onOpenChange = (next: boolean) => {
    if (next) {
      const template = emailTemplate(sop, window.location.origin);
      setSubject(template.subject);
      setMessage(template.body);
    }
    setOpen(next);
  };

  const openEmailClient = () => {
    const to = recipients
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean)
      .join(',');
    window.location.href = `mailto:${encodeURI(to)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(message)}`;
    toast({ title: t`Email template opened`, description: t`Your default email client should open with the template` });
    setOpen(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" className="border-white/40 bg-white/10 text-white hover:bg-white/20 hover:text-white">
          <Mail /> <Trans>Send Email</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>
            <Trans>Send Email</Trans>
          </DialogTitle>
          <DialogDescription>
            {mail.data?.configured
              ? t`Tell the crew about this SOP. Send hands the message below to the mail server for each address; or open your own email program with it.`
              : t`Tell the crew about this SOP. Your email program opens with the message below.`}
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor="email-recipients">
              <Trans>Recipients</Trans>
            </Label>
            <Input id="email-recipients" placeholder="name@example.com, other@example.com" value={recipients} onChange={(e) => setRecipients(e.target.value)} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="email-subject">
              <Trans>Subject</Trans>
            </Label>
            <Input id="email-subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="email-message">
              <Trans>Message</Trans>
            </Label>
            <Textarea id="email-message" rows={12} value={message} onChange={(e) => setMessage(e.target.value)} />
          </div>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button variant={mail.data?.configured ? 'outline' : 'default'} onClick={openEmailClient}>
            <Trans>Open Email Client</Trans>
          </Button>
          {mail.data?.configured && (
            <Button disabled={send.isPending} onClick={() => send.mutate({ recipients, subject, message })}>
              {send.isPending ? <Trans>Sending...</Trans> : <Trans>Send</Trans>}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
