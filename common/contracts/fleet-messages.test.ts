import { describe, expect, it } from 'vitest';
import { ShipMessage } from './fleet-messages';

const now = '2026-11-29T10:00:00.000Z';
const digest = 'a'.repeat(64);
const review = (sections: unknown, findings: unknown) => ({
  op: 'master_review',
  shipRef: 1,
  userId: 2,
  templateAt: now,
  sections,
  findings,
  signedAt: now,
  signatureMethod: 'password',
  contentSha256: digest,
});
const section = { title: 'Resources and personnel', questions: [{ text: 'Are crew familiar?', answer: 'Yes.\nChecked on 3 December.' }] };
const paths = (value: unknown) => ShipMessage.safeParse(value).error?.issues.map((i) => i.path.join('.'));

describe('a ship message refuses control characters in every text a person wrote on board', () => {
  it('takes line breaks in prose and refuses NUL and escapes', () => {
    expect(ShipMessage.safeParse(review([section], [{ position: 1, text: 'Fire door\tlatch worn.\nRenew.' }])).success).toBe(true);
    expect(paths(review([section], [{ position: 1, text: 'Fire door\u0000' }]))).toEqual(['findings.0.text']);
    expect(paths(review([{ ...section, title: 'Title\nwith a break' }], []))).toEqual(['sections.0.title']);
    expect(paths(review([{ ...section, questions: [{ text: 'Q', answer: 'esc\u001b[2J' }] }], []))).toEqual(['sections.0.questions.0.answer']);
  });

  it('refuses them in a suggestion and in the name of a file opened before attesting', () => {
    const suggestion = { op: 'suggestion', shipRef: 1, versionId: 3, userId: 2, suggestedAt: now };
    expect(ShipMessage.safeParse({ ...suggestion, section: '4.2', text: 'Add a step.\nThen check.' }).success).toBe(true);
    expect(paths({ ...suggestion, section: '4.2\u0007', text: 'Add a step.' })).toEqual(['section']);
    expect(paths({ ...suggestion, section: null, text: 'Add\u0000' })).toEqual(['text']);
    const attestation = { op: 'attestation', userId: 2, versionId: 3, attestedAt: now };
    const file = (originalName: string) => ({ ...attestation, files: [{ attachmentId: 4, originalName, openedAt: now }] });
    expect(ShipMessage.safeParse(file('Muster list.pdf')).success).toBe(true);
    expect(paths(file('fdp.\u202eexe'))).toEqual(['files.0.originalName']);
  });
});
