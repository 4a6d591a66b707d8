import type { SopListItem } from '@common/contracts/sops';
import { toast } from '@/hooks/use-toast';
import { startDownload } from '@/lib/download';

/** The list's Download action: the first file of the latest version, with the list's own failure texts. */
export async function downloadFromList(sop: SopListItem) {
  const latest = sop.latestVersion;
  if (!latest || latest.attachmentCount === 0 || !latest.firstAttachmentId) {
    toast({ title: 'No Files', description: 'This SOP has no uploaded files to download' });
    return;
  }
  try {
    const name = await startDownload(latest.firstAttachmentId);
    if (latest.attachmentCount > 1) {
      toast({
        title: 'Multiple Files Available',
        description: `This SOP has ${latest.attachmentCount} files; "${name}" is downloading. Open the SOP to download the others.`,
      });
    } else {
      toast({ title: 'Download started', description: name });
    }
  } catch {
    toast({ title: 'Error', description: 'Failed to download SOP file', variant: 'destructive' });
  }
}
