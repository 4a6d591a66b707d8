import { cleanup, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { VersionComparison } from '@common/contracts/review-loop';
import type { SopDetail } from '@common/contracts/sops';
import { sopListItem, sopVersion } from '@/test/fixtures';
import { asked, network } from '@/test/network';
import { appClient, renderWithClient } from '@/test/render';
import { ChangesSinceInForce } from './changes-since-in-force';

afterEach(cleanup);

const sentBack = sopVersion(7, 30, { versionNumber: '1.0', submittedAt: '2026-11-20T08:00:00.000Z' });
const resubmitted = sopVersion(7, 31, { versionNumber: '1.1', submittedAt: '2026-11-22T08:00:00.000Z' });
const detail = (versions = [resubmitted, sentBack]): SopDetail => ({
  ...sopListItem(7, { status: 'submitted', inForce: null, hasPublishedVersion: false }),
  latestVersion: versions[0],
  versions,
  effectiveVersionId: null,
});
const comparison: VersionComparison = {
  from: { id: 30, versionNumber: '1.0' },
  to: { id: 31, versionNumber: '1.1' },
  content: [{ op: 'insert', text: 'Name the fuel grade.' }],
  files: [],
};

describe('ChangesSinceInForce', () => {
  it('with no version in force compares with the version before, and says so', async () => {
    network.use(
      http.get('/api/sops/7', () => HttpResponse.json(detail())),
      http.get('/api/sops/7/compare', () => HttpResponse.json(comparison)),
    );
    renderWithClient(<ChangesSinceInForce sopId={7} versionId={31} />, appClient());
    expect(await screen.findByText('No version is in force yet: compared with v1.0, the version before it.')).toBeTruthy();
    expect(await screen.findByText('Changes from v1.0 to v1.1')).toBeTruthy();
    expect(asked()).toEqual(['GET /api/sops/7', 'GET /api/sops/7/compare?from=30&to=31']);
  });

  it('says the first version will be the first in force, and asks for no comparison', async () => {
    network.use(http.get('/api/sops/7', () => HttpResponse.json(detail([sentBack]))));
    renderWithClient(<ChangesSinceInForce sopId={7} versionId={30} />, appClient());
    expect(await screen.findByText('No version is in force yet: this will be the first approved version.')).toBeTruthy();
    expect(asked()).toEqual(['GET /api/sops/7']);
  });
});
