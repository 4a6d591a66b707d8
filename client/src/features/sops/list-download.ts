import type { SopListItem } from '@common/contracts/sops';
import { toast } from '@/hooks/use-toast';
import { startDownload } from '@/lib/download';
import { plural, t } from '@lingui/core/macro';

/** The list's Download action: the first file of the latest version, with the list's own failure texts. */
export async function downloadFromList(sop: SopListItem) {
  const latest = sop.latestVersion;
  if (!latest || latest.attachmentCount === 0 || !latest.firstAttachmentId) {
    toast({ title: t`No Files`, description: t`This SOP has no uploaded files to download` });
    return;
  }
  try {
    const name = await startDownload(latest.firstAttachmentId);
    const count = latest.attachmentCount;
    if (count > 1) {
      toast({
        title: t`Multiple Files Available`,
        description: plural(count, {
          one: `This SOP has # file; "${name}" is downloading. Open the SOP to download the others.`,
          other: `This SOP has # files; "${name}" is downloading. Open the SOP to download the others.`,
        }),
      });
    } else {
      toast({ title: t`Download started`, description: name });
    }
  } catch {
    toast({ title: t`Error`, description: t`Failed to download SOP file`, variant: 'destructive' });
  }
}
