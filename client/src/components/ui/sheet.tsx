import type * as React from 'react';
import { Dialog as SheetPrimitive } from 'radix-ui';
import { XIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { slot } from './slotted';
import { Trans } from '@lingui/react/macro';

/** A dialog that slides in from the left edge: the header's menu on tablets and phones. */
const Sheet = slot(SheetPrimitive.Root, 'sheet');
const SheetTrigger = slot(SheetPrimitive.Trigger, 'sheet-trigger');
const SheetClose = slot(SheetPrimitive.Close, 'sheet-close');

function SheetContent({ className, children, ...props }: React.ComponentProps<typeof SheetPrimitive.Content>) {
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        className={cn('fixed inset-y-0 left-0 z-50 flex h-full w-[min(20rem,85vw)] flex-col overflow-y-auto bg-navy text-white shadow-xl', className)}
        {...props}
      >
        {children}
        <SheetPrimitive.Close className="absolute top-3 right-3 rounded-md p-2 text-slate-200 outline-none hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-white">
          <XIcon className="size-5" aria-hidden="true" />
          <span className="sr-only">
            <Trans>Close menu</Trans>
          </span>
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

const SheetTitle = slot(SheetPrimitive.Title, 'sheet-title');
const SheetDescription = slot(SheetPrimitive.Description, 'sheet-description');

export { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle, SheetTrigger };
