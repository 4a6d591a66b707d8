import { styled } from './slotted';

const Textarea = styled(
  'textarea',
  'textarea',
  'placeholder:text-muted-foreground flex min-h-16 w-full rounded-md border border-input bg-white px-3 py-2 text-sm shadow-xs transition-[color,box-shadow] outline-none focus-visible:border-ring focus-visible:ring-ring/50 focus-visible:ring-[3px] aria-invalid:border-destructive disabled:cursor-not-allowed disabled:opacity-50',
);

export { Textarea };
