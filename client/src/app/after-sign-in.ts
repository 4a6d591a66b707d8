/**
 * The address a signed-out visitor asked for (a task link sent to a captain), kept for the
 * tab while they sign in, so they land on it rather than on the dashboard. Only a first
 * visit counts: someone who signs out is not sent back to where they were.
 */
const KEY = 'sop-harbor:after-sign-in';
let sawSignedIn = false;

export const noteSignedIn = () => {
  sawSignedIn = true;
};

export function rememberWantedPath(path: string) {
  if (sawSignedIn || path === '/' || path.startsWith('/auth')) return;
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // Storage refused (private mode): the dashboard after sign-in, as before.
  }
}

/** The remembered address, or '/'; only a path on this site ('/approvals/7', never '//host'). */
export function wantedPath(): string {
  try {
    const path = sessionStorage.getItem(KEY);
    return path?.startsWith('/') && !path.startsWith('//') ? path : '/';
  } catch {
    return '/';
  }
}

export function forgetWantedPath() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
