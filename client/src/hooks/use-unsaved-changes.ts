import { useEffect, useId } from 'react';
import { msg } from '@lingui/core/macro';
import { i18n } from '@/lib/i18n';

/** The question, asked in the interface's language of the moment. */
export const LEAVE_MESSAGE = msg`You have unsaved changes. Leave and discard them?`;

/** Every form with unsaved work registers here while it is dirty. */
const dirtyForms = new Set<string>();

/** Asks before work is thrown away; true when there is nothing to lose or the user agrees. */
export function confirmDiscard(dirty = dirtyForms.size > 0): boolean {
  return !dirty || window.confirm(i18n._(LEAVE_MESSAGE));
}

function onBeforeUnload(event: BeforeUnloadEvent) {
  if (dirtyForms.size === 0) return;
  event.preventDefault();
  // Older browsers want returnValue set; the browser shows its own wording.
  event.returnValue = '';
}

/**
 * In-app links (the header tabs, breadcrumbs, Cancel) are plain anchors handled by the router:
 * a click caught before React's handlers can ask first and stop the navigation.
 */
function onLinkClick(event: MouseEvent) {
  if (dirtyForms.size === 0 || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.origin !== window.location.origin) return;
  if (anchor.pathname === window.location.pathname && anchor.search === window.location.search) return;
  if (confirmDiscard()) {
    dirtyForms.clear();
    return;
  }
  event.preventDefault();
  event.stopImmediatePropagation();
}

let listening = false;
function listen() {
  if (listening) return;
  listening = true;
  window.addEventListener('beforeunload', onBeforeUnload);
  window.addEventListener('click', onLinkClick, true);
}

/** While `dirty`, leaving the page (a link, a reload, closing the tab) asks first. */
export function useUnsavedChanges(dirty: boolean) {
  const id = useId();
  useEffect(() => {
    listen();
    if (!dirty) return;
    dirtyForms.add(id);
    return () => {
      dirtyForms.delete(id);
    };
  }, [dirty, id]);
}
