import { useState } from 'react';
import { toast } from '@/hooks/use-toast';
import { saveFileFrom } from '@/lib/download';
import { toastFailure } from '@/lib/use-api-mutation';

interface Words {
  /** The toasts' titles: 'Export ready', 'Export failed'. */
  ready: string;
  failed: string;
  /** What the failure toast says when the server gives no reason. */
  fallback: string;
}

/** Saves a file the server makes on request (an export, a controlled copy) and says how it went; `saving` meanwhile. */
export function useSaveFile({ ready, failed, fallback }: Words) {
  const [saving, setSaving] = useState(false);
  const save = async (url: string, fallbackName: string) => {
    setSaving(true);
    try {
      const name = await saveFileFrom(url, fallbackName);
      toast({ title: ready, description: name });
    } catch (error) {
      toastFailure(error, { title: failed, fallback });
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}
