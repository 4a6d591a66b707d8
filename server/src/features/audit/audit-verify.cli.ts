/**
 * `npm run audit:verify`: checks the audit trail's hash chain of the database the server would
 * open (DATABASE_URL, else DATA_DIR, through the running server if there is one) with AUDIT_KEY
 * (else DATA_DIR/audit-key). Prints `{ events, intact: true, keyFingerprint }` or `{ events,
 * intact: false, firstBrokenId, keyFingerprint }` and exits 1 when the chain is broken. The answer is kept as the last verification, which the Audit Trail card shows.
 */
import { loadConfig } from '../../config';
import { openConfiguredDatabase } from '../../db/client';
import { verifyAuditChain } from './audit-chain.service';

const config = loadConfig();
const database = await openConfiguredDatabase(config, { asOwner: true });
try {
  const { checkedAt: _checkedAt, ...answer } = await verifyAuditChain(database.db);
  console.log(JSON.stringify(answer));
  if (!answer.intact) {
    console.error(
      `\n  The audit trail does not verify: event ${answer.firstBrokenId} no longer matches the chain under audit key ${answer.keyFingerprint} (edited, or an event before it removed; or AUDIT_KEY is not the key the trail was recorded with).\n`,
    );
    process.exitCode = 1;
  }
} catch (err) {
  console.error(`\n  The verification failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
