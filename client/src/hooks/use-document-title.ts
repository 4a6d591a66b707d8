import { useEffect, useLayoutEffect } from 'react';

export const APP_NAME = 'SOP Harbor';

const setTitle = (title: string | null | undefined) => {
  document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
};

/** Each screen names itself in the tab and to screen readers: 'Procedures · SOP Harbor'. */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => setTitle(title), [title]);
}

/**
 * The route's generic title. A layout effect runs before every passive effect, so a screen's
 * more specific title (an SOP's own) set with useDocumentTitle always wins.
 */
export function useRouteTitle(title: string) {
  useLayoutEffect(() => setTitle(title), [title]);
}
