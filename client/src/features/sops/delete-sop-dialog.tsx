import type { SopListItem } from '@common/contracts/sops';
import { DeleteTargetDialog, deleteQuestion } from '@/components/confirm-delete-dialog';
import { useDeleteSop } from './api';
import { useLingui } from '@lingui/react/macro';

/** Deleting asks first, with the exact confirmation text: versions and files go with the SOP and cannot be brought back. */
export function DeleteSopDialog({ sop, onClose }: { sop: SopListItem | null; onClose: () => void }) {
  const remove = useDeleteSop();
  const { t } = useLingui();
  return <DeleteTargetDialog target={sop} title={t`Delete SOP`} description={deleteQuestion(sop?.title)} remove={remove} onClose={onClose} />;
}
