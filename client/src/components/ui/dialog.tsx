import type * as React from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { XIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { slot, styled } from './slotted';
import { Trans } from '@lingui/react/macro';

const dialogContentClasses =
  'bg-background fixed top-[50%] left-[50%] z-50 grid grid-cols-1 max-h-[calc(100vh-2rem)] w-full max-w-[calc(100%-2rem)] translate-x-[-50%] translate-y-[-50%] gap-4 overflow-y-auto rounded-lg border p-6 shadow-lg sm:max-w-lg';

const Dialog = slot(DialogPrimitive.Root, 'dialog');
const DialogTrigger = slot(DialogPrimitive.Trigger, 'dialog-trigger');
const DialogPortal = slot(DialogPrimitive.Portal, 'dialog-portal');
const DialogClose = slot(DialogPrimitive.Close, 'dialog-close');
const DialogOverlay = styled(DialogPrimitive.Overlay, 'dialog-overlay', 'fixed inset-0 z-50 bg-slate-950/50');

function DialogContent({ className, children, ...props }: React.ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content data-slot="dialog-content" className={cn(dialogContentClasses, className)} {...props}>
        {children}
        <DialogPrimitive.Close className="absolute top-4 right-4 rounded-xs opacity-70 transition-opacity hover:opacity-100 focus:ring-2 focus:ring-ring focus:ring-offset-2 focus:outline-hidden disabled:pointer-events-none [&_svg]:size-4">
          <XIcon />
          <span className="sr-only">
            <Trans>Close</Trans>
          </span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

const DialogHeader = styled('div', 'dialog-header', 'flex flex-col gap-2 text-center sm:text-left');
const DialogFooter = styled('div', 'dialog-footer', 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end');
const DialogTitle = styled(DialogPrimitive.Title, 'dialog-title', 'text-lg leading-none font-semibold');
const DialogDescription = styled(DialogPrimitive.Description, 'dialog-description', 'text-muted-foreground text-sm');

export { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogOverlay, DialogPortal, DialogTitle, DialogTrigger };
