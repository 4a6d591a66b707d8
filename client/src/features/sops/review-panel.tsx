import { useState } from 'react';
import { CalendarCheck } from 'lucide-react';
import type { PublicUser } from '@common/contracts/auth';
import type { SopDetail } from '@common/contracts/sops';
import { can } from '@common/permissions';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/section-card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { useOnline } from '@/offline/offline-status';
import { Textarea } from '@/components/ui/textarea';
import { formatDate } from '@/lib/labels';
import { ReviewBadge } from './review-badge';
import { useConfirmReview } from './review-loop-api';
import { Plural, Trans, useLingui } from '@lingui/react/macro';

/** Periodic review on the SOP page: how often, when next, and (for approvers and admins) the confirmation. */
export function ReviewPanel({ sop, user }: { sop: SopDetail; user: PublicUser | null }) {
  const [open, setOpen] = useState(false);
  const online = useOnline();
  const [comments, setComments] = useState('');
  const confirm = useConfirmReview();
  const effective = sop.versions.find((v) => v.id === sop.effectiveVersionId);
  const mayConfirm = can(user, 'sop.review.confirm') && !!effective;
  const { t } = useLingui();
  const due = sop.nextReviewDue ? formatDate(`${sop.nextReviewDue}T00:00:00`) : '';
  const title = sop.title;
  const months = sop.reviewFrequency;
  const number = effective?.versionNumber;

  return (
    <SectionCard icon={CalendarCheck} title={t`Periodic review`} contentClassName="space-y-3 text-sm">
      <p>{months ? <Plural value={months} one="Every # month" other="Every # months" /> : <Trans>No periodic review set</Trans>}</p>
      {sop.nextReviewDue && (
        <p className="flex flex-wrap items-center gap-2" data-testid="next-review-due">
          <Trans>Next review due {due}</Trans>
          <ReviewBadge status={sop.reviewStatus} showOk />
        </p>
      )}
      {mayConfirm && (
        <Button variant="outline" size="sm" disabled={!online} onClick={() => setOpen(true)}>
          <Trans>Confirm review</Trans>
        </Button>
      )}
      <Dialog open={open} onOpenChange={(next) => !confirm.isPending && setOpen(next)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              <Trans>Confirm periodic review</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>
                {title}: confirm that version {number} is still valid. The review clock restarts today.
              </Trans>
            </DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor="review-comments">
              <Trans>Comments</Trans>
            </Label>
            <Textarea id="review-comments" rows={4} value={comments} onChange={(e) => setComments(e.target.value)} />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={confirm.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              disabled={confirm.isPending}
              onClick={() =>
                confirm.mutate(
                  { sopId: sop.id, comments },
                  {
                    onSuccess: () => {
                      setOpen(false);
                      setComments('');
                    },
                  },
                )
              }
            >
              {confirm.isPending ? <Trans>Confirming...</Trans> : <Trans>Confirm review</Trans>}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </SectionCard>
  );
}
