import { describe, expect, it, vi } from 'vitest';

vi.mock('./layout/header-code', () => ({ loadHeaderParts: async () => [] }));

import { NOT_FOUND, SCREENS, screenFor, TABS } from './screens';
import { isActive } from './layout/header-parts';

const pathOf = (pathname: string) => screenFor(pathname).screen.path;

describe('screenFor', () => {
  it('picks the first screen whose path matches, as wouter reads paths', () => {
    expect(pathOf('/')).toBe('/');
    expect(pathOf('/documents')).toBe('/documents');
    expect(pathOf('/documents/')).toBe('/documents');
    expect(pathOf('/sop/new')).toBe('/sop/new');
    expect(pathOf('/sop/12')).toBe('/sop/:id');
    expect(pathOf('/sop/12/edit')).toBe('/sop/:id/edit');
    expect(pathOf('/approvals')).toBe('/approvals/:taskId?');
    expect(pathOf('/approvals/7')).toBe('/approvals/:taskId?');
    expect(pathOf('/admin/audit')).toBe('/admin/audit');
    expect(pathOf('/account/password')).toBe('/account/password');
  });

  it('gives the path parameters by name, and the not-found screen for what no screen claims', () => {
    expect(screenFor('/sop/12/edit').params).toEqual({ id: '12' });
    expect(screenFor('/approvals').params).toEqual({ taskId: undefined });
    expect(screenFor('/approvals/7').params).toEqual({ taskId: '7' });
    for (const unknown of ['/nowhere', '/sop', '/sop/1/edit/more', '/admin/audit/1', '/documentsx']) {
      expect(screenFor(unknown).screen).toBe(NOT_FOUND);
    }
  });

  it("starts an SOP page's read with the session check, and nothing for an address that names no SOP", () => {
    const read = (pathname: string) => {
      const { screen, params } = screenFor(pathname);
      return screen.firstRead?.(params) ?? null;
    };
    expect(read('/sop/5')).toEqual(['/api/sops/5']);
    expect(read('/sop/abc')).toBeNull();
    expect(read('/documents')).toBeNull();
    // The dashboard's required reading sits above its counts: read with the session check.
    expect(read('/')).toEqual(['/api/reading']);
  });

  it('declares each path once', () => {
    const paths = SCREENS.map((screen) => screen.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('the header tabs', () => {
  it('come from the table in its order, each leading to the first screen that names it', () => {
    expect(TABS).toEqual([
      { label: 'Dashboard', href: '/', requires: undefined },
      { label: 'Procedures', href: '/documents', requires: undefined },
      { label: 'Manuals', href: '/manuals', requires: undefined },
      { label: 'Daily Program', href: '/daily-program', requires: undefined },
      { label: 'Itinerary', href: '/itinerary', requires: undefined },
      { label: 'Approvals', href: '/approvals', requires: 'approval.list' },
      { label: 'Compliance', href: '/compliance', requires: 'compliance.read' },
      { label: 'Fleet', href: '/fleet', requires: 'fleet.read' },
      { label: 'Reviews', href: '/reviews', requires: 'reviews.read' },
      { label: 'Admin', href: '/admin', requires: 'users.manage' },
    ]);
  });

  it("mark the tab of the screen on show: an SOP's pages under Procedures, the audit log under Admin", () => {
    const active = (location: string) => TABS.filter((tab) => isActive(tab, location)).map((tab) => tab.label);
    expect(active('/')).toEqual(['Dashboard']);
    expect(active('/sop/5/edit')).toEqual(['Procedures']);
    expect(active('/sop/new')).toEqual(['Procedures']);
    expect(active('/approvals/3')).toEqual(['Approvals']);
    expect(active('/admin/audit')).toEqual(['Admin']);
    expect(active('/account')).toEqual([]);
  });
});
