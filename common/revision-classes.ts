/**
 * What a new version changes, said when it is submitted (the approver may change it when
 * approving). An editorial revision (typo, layout) keeps the readers' attestations of the
 * version it replaces: nobody is asked to read again. Major and minor ones reset reading.
 */
export const REVISION_CLASSES = ['major', 'minor', 'editorial'] as const;
export type RevisionClass = (typeof REVISION_CLASSES)[number];
export const DEFAULT_REVISION_CLASS: RevisionClass = 'major';

export const REVISION_CLASS_LABELS: Record<RevisionClass, string> = { major: 'Major', minor: 'Minor', editorial: 'Editorial' };

/** Whether readers of the version it replaces keep their attestations. */
export const keepsAttestations = (revisionClass: RevisionClass) => revisionClass === 'editorial';
