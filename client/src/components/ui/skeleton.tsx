import { styled } from './slotted';

const Skeleton = styled('div', 'skeleton', 'bg-muted animate-pulse rounded-md');

export { Skeleton };
