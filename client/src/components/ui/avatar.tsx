import { Avatar as AvatarPrimitive } from 'radix-ui';
import { styled } from './slotted';

const Avatar = styled(AvatarPrimitive.Root, 'avatar', 'relative flex size-8 shrink-0 overflow-hidden rounded-full');
const AvatarImage = styled(AvatarPrimitive.Image, 'avatar-image', 'aspect-square size-full');
const AvatarFallback = styled(
  AvatarPrimitive.Fallback,
  'avatar-fallback',
  'bg-muted flex size-full items-center justify-center rounded-full text-xs font-semibold',
);

export { Avatar, AvatarFallback, AvatarImage };
