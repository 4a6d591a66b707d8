import { type CSSProperties, useEffect, useState } from 'react';

/** Marks a bar whose controls a toast must never cover (the Approval Center's decision bar). */
export const TOAST_AVOID = { 'data-toast-avoid': '' } as const;

/** How wide the toast column is from 768 px up (the viewport's md:max-w-[420px]); below it, the full width. */
const TOAST_WIDTH = 420;
/** The lower part of the screen where toasts stack. */
const TOAST_ZONE = 200;

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const boxesOf = (selector: string): Box[] =>
  [...document.querySelectorAll<HTMLElement>(selector)].map((el) => el.getBoundingClientRect()).filter((r) => r.height > 0 && r.width > 0);

/**
 * Where the toasts go so that they cover no dialog and no marked bar. With a dialog open they
 * take the larger free band above or below it; otherwise they sit at the bottom, lifted above
 * any marked bar that reaches into their corner. Pure, on the boxes given: `placeToasts` below
 * reads them from the page.
 */
export function toastPlacement(view: { width: number; height: number }, dialogs: Box[], bars: Box[]): CSSProperties {
  if (dialogs.length > 0) {
    const top = Math.min(...dialogs.map((d) => d.top));
    const bottom = Math.max(...dialogs.map((d) => d.bottom));
    const below = view.height - bottom;
    return below >= top ? { top: 'auto', bottom: 0, maxHeight: Math.max(0, below) } : { top: 0, bottom: 'auto', maxHeight: Math.max(0, top) };
  }
  const left = view.width >= 768 ? view.width - TOAST_WIDTH : 0;
  const inCorner = bars.filter((b) => b.bottom > view.height - TOAST_ZONE && b.top < view.height && b.right > left);
  if (inCorner.length === 0) return {};
  return { bottom: Math.max(0, view.height - Math.min(...inCorner.map((b) => b.top))) };
}

function placeToasts(): CSSProperties {
  return toastPlacement(
    { width: window.innerWidth, height: window.innerHeight },
    boxesOf('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]'),
    boxesOf('[data-toast-avoid]'),
  );
}

/** The toast viewport's position while toasts show, kept current as dialogs open and the page scrolls or resizes. */
export function useToastPlacement(showing: boolean): CSSProperties {
  const [style, setStyle] = useState<CSSProperties>({});
  useEffect(() => {
    if (!showing) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const next = placeToasts();
        setStyle((prev) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
      });
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, { passive: true, capture: true });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, { capture: true });
    };
  }, [showing]);
  return showing ? style : {};
}
