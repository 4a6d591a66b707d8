import { memo } from 'react';
import type { SopListItem } from '@common/contracts/sops';
import type { RevisionClass } from '@common/revision-classes';
import { ApproveConfirmDialog } from '@/components/approve-confirm-dialog';
import { DeleteSopDialog } from './delete-sop-dialog';
import { WithdrawSopDialog } from './withdraw-sop-dialog';
import { SopHistoryDialog } from './sop-history-dialog';
import { SopPreviewDialog } from './sop-preview-dialog';

/** The dialog a row's action opened, over the SOP of that row. */
export type OpenDialog = { kind: 'preview' | 'history' | 'delete' | 'withdraw' | 'approve'; sop: SopListItem } | null;

/**
 * The list's dialogs, at most one open. Memoised, like the filters and actions: closed dialogs
 * are not drawn again when the list's answer arrives.
 */
export const ListDialogs = memo(function ListDialogs({
  dialog,
  approving,
  onApprove,
  onClose,
}: {
  dialog: OpenDialog;
  approving: boolean;
  onApprove: (sop: SopListItem & { revisionClass: RevisionClass }) => Promise<unknown>;
  onClose: () => void;
}) {
  return (
    <>
      <SopPreviewDialog sop={dialog?.kind === 'preview' ? dialog.sop : null} onClose={onClose} />
      <SopHistoryDialog sop={dialog?.kind === 'history' ? dialog.sop : null} onClose={onClose} />
      <DeleteSopDialog sop={dialog?.kind === 'delete' ? dialog.sop : null} onClose={onClose} />
      <WithdrawSopDialog sop={dialog?.kind === 'withdraw' ? dialog.sop : null} onClose={onClose} />
      <ApproveConfirmDialog
        target={dialog?.kind === 'approve' && dialog.sop.latestVersionId ? { sopId: dialog.sop.id, versionId: dialog.sop.latestVersionId } : null}
        pending={approving}
        onConfirm={(revisionClass) => dialog && onApprove({ ...dialog.sop, revisionClass }).then(onClose, () => undefined)}
        onClose={onClose}
      />
    </>
  );
});
