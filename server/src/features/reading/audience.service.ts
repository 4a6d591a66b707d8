/**
 * The audience rule other features apply: who sees a confidential SOP is who must read it
 * (sops/sop-visibility.service.ts).
 */
export { departmentsReadBy } from './audience-filter.service';
