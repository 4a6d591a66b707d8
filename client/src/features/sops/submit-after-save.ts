import { toast } from '@/hooks/use-toast';
import { apiRequest, serverMessage } from '@/lib/api';
import { refreshSopLists } from './api';
import { refreshSopHistory } from './review-loop-api';

/**
 * The form's 'Submit for Approval': after the save, the saved version is submitted, and one
 * toast says both. A refused submit leaves the saved SOP as it is and says why; true when
 * the SOP was submitted.
 */
export async function submitAfterSave(sopId: number, saidSaved: string): Promise<boolean> {
  try {
    await apiRequest('POST', `/api/sops/${sopId}/submit`);
  } catch (error) {
    toast({ title: 'Error', description: `${saidSaved}, but it was not submitted: ${serverMessage(error, 'Failed to submit SOP for approval')}`, variant: 'destructive' });
    return false;
  } finally {
    await Promise.all([refreshSopLists(sopId), refreshSopHistory(sopId)]);
  }
  toast({ title: 'Success', description: `${saidSaved} and submitted for approval` });
  return true;
}
