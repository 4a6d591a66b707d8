import { useCallback, useMemo, useRef } from 'react';

/**
 * For dialogs opened from a control that is not their Radix trigger (a row action): remember
 * the control when opening and give focus back to it after closing, instead of to the body.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);
  const restore = useCallback(() => {
    const target = opener.current;
    opener.current = null;
    // After Radix has finished closing (it moves focus on unmount).
    if (target) setTimeout(() => target.isConnected && target.focus(), 0);
  }, []);
  return useMemo(() => ({ remember, restore }), [remember, restore]);
}
