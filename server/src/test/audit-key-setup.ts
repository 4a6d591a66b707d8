import { setAuditKey } from '../db/audit-key';

/** The fixed AUDIT_KEY every test process appends and verifies with, as a server given AUDIT_KEY does. */
export const TEST_AUDIT_KEY = 'a-fixed-audit-key-for-the-tests-only-0123456789';

setAuditKey(TEST_AUDIT_KEY);
