import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Action } from '@common/permissions';
import { i18n } from '@/lib/i18n';
import { loadOnce } from '@/lib/load-once';
import { queryKeys } from '@/lib/query-keys';
import { loadHeaderParts } from './layout/header-code';

type Params = Record<string, string | undefined>;

/** A table's words: a message, translated when drawn (a plain string is shown as it is). */
export type Words = string | MessageDescriptor;
/** Words of the table in the interface's language. */
export const words = (text: Words): string => (typeof text === 'string' ? text : i18n._(text));

/** One screen of the app, declared once: the router, the header, the guard, the title and the preload read it. */
export interface ScreenEntry {
  /** `/sop/:id`: `:name` is one path segment, `:name?` an optional last one. */
  path: string;
  /** The browser tab's and screen readers' name ('Procedures · SOP Harbor'); a screen may name itself more exactly. Read with `words`. */
  title: Words;
  /** The screen's code, its own chunk: the sign-in page never downloads the procedures table. */
  load: () => Promise<{ default: ComponentType }>;
  /** Who may open it, from the permission table; anyone else sees Access Denied and no call is made. */
  requires?: Action;
  /** What a ship's copy says instead of the refusal, where the screen's work is done ashore. */
  onShip?: Words;
  /** The header tab the screen sits under; the first screen naming a tab is where the tab leads. */
  tab?: string;
  /** The screen's main read, started with the session check when the page opens on it. */
  firstRead?: (params: Params) => QueryKey | null;
  /** For signed-out visitors: a signed-in user goes on to the address they asked for, else /. */
  signedOut?: true;
}

// Order matters: the first path that matches the address is its screen.
const ENTRIES: ScreenEntry[] = [
  {
    path: '/auth',
    title: msg`Sign in`,
    load: () => import('@/features/auth/auth-page'),
    signedOut: true,
  },
  {
    path: '/',
    title: msg`Dashboard`,
    load: () => import('./pages/dashboard-page'),
    tab: 'Dashboard',
    // The required reading sits above the counts: read with the session check, it is in before the
    // screen paints, so the counts are not pushed down when a long list arrives after them.
    firstRead: () => queryKeys.reading.mine(),
  },
  {
    path: '/documents',
    title: msg`Procedures`,
    load: () => import('@/features/sops/procedures-page'),
    tab: 'Procedures',
  },
  {
    path: '/sop/new',
    title: msg`Create New SOP`,
    load: () => import('@/features/sops/sop-form-page'),
    tab: 'Procedures',
  },
  {
    path: '/sop/:id/edit',
    title: msg`Edit SOP`,
    load: () => import('@/features/sops/sop-form-page'),
    tab: 'Procedures',
  },
  {
    path: '/sop/:id',
    title: msg`SOP Details`,
    load: () => import('./pages/sop-detail-page'),
    tab: 'Procedures',
    firstRead: ({ id }) => (id && /^\d+$/.test(id) ? queryKeys.sops.detail(Number(id)) : null),
  },
  {
    // The circulars' register sits under Procedures: a circular is read and attested as an SOP is.
    path: '/circulars',
    title: msg`Fleet circulars`,
    load: () => import('@/features/circulars/circulars-page'),
    tab: 'Procedures',
  },
  {
    // Suggestions for change (decision 079) sit under Procedures: they are made from a procedure's page.
    path: '/suggestions',
    title: msg`Suggestions for change`,
    load: () => import('@/features/suggestions/suggestions-page'),
    tab: 'Procedures',
  },
  {
    path: '/manuals',
    title: msg`Manuals`,
    load: () => import('@/features/manuals/manuals-page'),
    tab: 'Manuals',
  },
  {
    path: '/manuals/:id',
    title: msg`Manual`,
    load: () => import('@/features/manuals/manual-page'),
    tab: 'Manuals',
  },
  {
    path: '/daily-program',
    title: msg`Daily Program`,
    load: () => import('@/features/published-files/daily-program-page'),
    tab: 'Daily Program',
  },
  {
    path: '/itinerary',
    title: msg`Itinerary`,
    load: () => import('@/features/published-files/itinerary-page'),
    tab: 'Itinerary',
  },
  {
    // One screen for the list and a task's own address, so choosing a task keeps the screen mounted.
    path: '/approvals/:taskId?',
    title: msg`Approvals`,
    load: () => import('@/features/approvals/approvals-page'),
    requires: 'approval.list',
    tab: 'Approvals',
  },
  {
    path: '/compliance',
    title: msg`Reading compliance`,
    load: () => import('@/features/reading/compliance-page'),
    requires: 'compliance.read',
    tab: 'Compliance',
  },
  {
    path: '/fleet',
    title: msg`Fleet`,
    load: () => import('@/features/fleet/fleet-page'),
    requires: 'fleet.read',
    onShip: msg`This is a ship copy: the fleet is followed from the office.`,
    tab: 'Fleet',
  },
  {
    // The master's review (decision 080): filled and signed on board, answered at the office.
    path: '/reviews/:code?',
    title: msg`Master's review`,
    load: () => import('@/features/reviews/reviews-page'),
    requires: 'reviews.read',
    tab: 'Reviews',
  },
  {
    path: '/admin',
    title: msg`Administration`,
    load: () => import('@/features/admin/admin-page'),
    requires: 'users.manage',
    tab: 'Admin',
  },
  {
    path: '/admin/audit',
    title: msg`Audit Log`,
    load: () => import('@/features/admin/audit-log-page'),
    requires: 'audit.read',
    tab: 'Admin',
  },
  {
    path: '/account',
    title: msg`My Account`,
    load: () => import('@/features/account/account-page'),
  },
  {
    path: '/account/password',
    title: msg`Change password`,
    load: () => import('@/features/auth/change-password-page'),
  },
  {
    path: '/offline',
    title: msg`Offline copies`,
    load: () => import('@/features/offline/offline-copies-page'),
  },
];

/** Any address no screen claims. */
const NOT_FOUND_ENTRY: ScreenEntry = { path: '*', title: msg`Page Not Found`, load: () => import('./not-found-page') };

export interface Screen extends ScreenEntry {
  /** The screen's component, drawn once its code is in. */
  Component: LazyExoticComponent<ComponentType>;
  /** The path as a regular expression with named groups, used both to pick the screen and by its Route. */
  pattern: RegExp;
  /**
   * The screen's code and the header's lazy parts, and `answered` where the first ask gives it
   * (the page load's first read), settled either way (a failed load is the lazy screen's to
   * report). Asked for once, so the guard can wait on the same promise every render.
   */
  paintsWhole: (answered?: Promise<unknown>) => Promise<void>;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** As wouter reads a path: segments in any letter case, an optional trailing slash. */
function patternOf(path: string): RegExp {
  if (path === '*') return /^.*$/;
  const source = path
    .split('/')
    .slice(1)
    .map((segment) => {
      const param = /^:(\w+)(\?)?$/.exec(segment);
      if (!param) return `/${literal(segment)}`;
      return param[2] ? `(?:/(?<${param[1]}>[^/]+?))?` : `/(?<${param[1]}>[^/]+?)`;
    })
    .join('');
  return new RegExp(`^${source === '/' ? '' : source}/?$`, 'i');
}

/** A table entry made ready for the router: its code asked for once, its path as a pattern. */
export function screenOf(entry: ScreenEntry): Screen {
  const load = loadOnce(entry.load);
  let whole: Promise<void> | undefined;
  const paintsWhole = (answered?: Promise<unknown>) =>
    (whole ??= Promise.all([load(), loadHeaderParts(), answered]).then(
      () => undefined,
      () => undefined,
    ));
  return { ...entry, load, Component: lazy(load), pattern: patternOf(entry.path), paintsWhole };
}

export const SCREENS: readonly Screen[] = ENTRIES.map(screenOf);
export const NOT_FOUND: Screen = screenOf(NOT_FOUND_ENTRY);

/** The screen an address opens and the path's parameters: the router, the header and the preload all ask here. */
export function screenFor(pathname: string): { screen: Screen; params: Params } {
  for (const screen of SCREENS) {
    const match = screen.pattern.exec(pathname);
    if (match) return { screen, params: { ...match.groups } };
  }
  return { screen: NOT_FOUND, params: {} };
}

export type Tab = { label: string; href: string; requires?: Action };

/** The header's tabs, in the table's order: each leads to the first screen that names it. */
export const TABS: readonly Tab[] = SCREENS.flatMap((screen, index) =>
  screen.tab && SCREENS.findIndex((other) => other.tab === screen.tab) === index
    ? [{ label: screen.tab, href: screen.path.replace(/\/:\w+\?$/, ''), requires: screen.requires }]
    : [],
);
