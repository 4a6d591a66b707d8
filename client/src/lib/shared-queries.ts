import { queryOptions } from '@tanstack/react-query';
import type { DashboardStats } from '@common/contracts/dashboard';
import type { Department } from '@common/contracts/departments';
import type { Position } from '@common/contracts/positions';
import type { MailStatus } from '@common/contracts/mail';
import type { MyReading } from '@common/contracts/reading';
import type { ReviewTemplate } from '@common/contracts/reviews';
import type { AppSettings } from '@common/contracts/settings';
import type { SsoStatus } from '@common/contracts/sso';
import type { SopTemplate } from '@common/contracts/templates';
import { refetchUnlessJustRead } from './page-load-read';
import { queryKeys } from './query-keys';

/** Reads that several features show; each feature that changes them invalidates the same key. */

/** Divisions and departments, with their SOP counts (SOP filters and forms, Admin). */
export const departmentsQuery = queryOptions<Department[]>({ queryKey: queryKeys.departments() });
/** Positions on board with their departments (user forms, the SOP form's audience, Admin). */
export const positionsQuery = queryOptions<Position[]>({ queryKey: queryKeys.positions() });

/** Public settings: whether the sign-in screen offers registration; the Admin page toggles it. */
export const settingsQuery = queryOptions<AppSettings>({ queryKey: queryKeys.settings() });

/** Whether the server sends e-mail (SMTP_URL): the SOP page's Send Email and the Admin page read it. */
export const mailStatusQuery = queryOptions<MailStatus>({ queryKey: queryKeys.mail(), staleTime: 5 * 60_000 });

/** Whether the server offers sign-in through the company's identity provider: the sign-in screen and the Admin page read it. */
export const ssoStatusQuery = queryOptions<SsoStatus>({ queryKey: queryKeys.sso(), staleTime: 5 * 60_000 });
/** SOP templates with their use counts: the create form starts from one; the Admin page keeps them. */
export const templatesQuery = queryOptions<SopTemplate[]>({ queryKey: queryKeys.templates() });
/** The master's review template (decision 080): the Admin page keeps it. */
export const reviewTemplateQuery = queryOptions<ReviewTemplate>({ queryKey: queryKeys.reviewTemplate() });

/** The dashboard's counts: its cards, and the procedures list's filters (whether the reader owns any SOP). Without retry. */
export const dashboardStatsQuery = queryOptions<DashboardStats>({ queryKey: queryKeys.dashboard.stats(), retry: false });

/**
 * The signed-in reader's required reading: the dashboard's section and the My Tasks card of those
 * who decide no approvals. Read with the session check when the page opens on the dashboard, and
 * then shown as it is, not asked for again (see refetchUnlessJustRead).
 */
export const myReadingQuery = queryOptions<MyReading>({ queryKey: queryKeys.reading.mine(), refetchOnMount: refetchUnlessJustRead });
