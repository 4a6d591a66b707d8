import { loadNotificationsMenu } from '@/features/reading/notifications-bell';
import { loadOnce } from '@/lib/load-once';

// The account menu's Radix menu and popper code is not in the app's entry file: it arrives just
// after the header (or with the first screen's code, see loadHeaderParts); until then a
// placeholder that looks the same stands in and remembers a press.
export const loadAccountMenu = loadOnce(() => import('./account-menu'));

/** The header's lazy parts, for a page load after which the header paints whole, with the screen. */
export const loadHeaderParts = () => Promise.all([loadAccountMenu(), loadNotificationsMenu()]);
