import type { RevisionClass } from '@common/revision-classes';
import { toast } from '@/hooks/use-toast';
import { apiRequest } from '@/lib/api';
import { errorText, isUnauthorized } from '@/lib/api-error';
import { refreshSopLists } from './api';
import { t } from '@lingui/core/macro';

/**
 * The form's 'Submit for Approval': after the save, the saved version is submitted, and one
 * toast says both. A refused submit leaves the saved SOP as it is and says why; true when
 * the SOP was submitted. An ended session is left to the API client's one notice.
 */
export async function submitAfterSave(sopId: number, saidSaved: string, revisionClass?: RevisionClass): Promise<boolean> {
  try {
    await apiRequest('POST', `/api/sops/${sopId}/submit`, revisionClass ? { revisionClass } : undefined);
  } catch (error) {
    if (!isUnauthorized(error)) {
      const reason = errorText(error, t`Failed to submit SOP for approval`);
      toast({
        title: t`Error`,
        description: t`${saidSaved}, but it was not submitted: ${reason}`,
        variant: 'destructive',
      });
    }
    return false;
  } finally {
    await refreshSopLists(sopId);
  }
  toast({ title: t`Success`, description: t`${saidSaved} and submitted for approval` });
  return true;
}
