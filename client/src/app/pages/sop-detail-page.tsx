import { AttestationPanel } from '@/features/approvals/attestation-panel';
import { SopDetailPage } from '@/features/sops/sop-detail-page';

/** /sop/{id}: the SOP's details with the approvals feature's Read & Attest panel among them. */
export default function SopDetailRoute() {
  return <SopDetailPage attestation={(sop) => <AttestationPanel sop={sop} />} />;
}
