import type { LucideIcon } from 'lucide-react';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';

interface Props {
  /** The dialog's title, also the label of the button that opens it. */
  title: string;
  description: string;
  icon: LucideIcon;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's width and scrolling. */
  className: string;
  /** The header's add button ('Add Department'); absent while the list is empty (its empty state offers the first one). */
  add?: { label: string; onClick: () => void };
  children: ReactNode;
}

/** An administration dialog that manages a list (departments, templates), opened from a full-width button. */
export function ManageDialog({ title, description, icon: Icon, open, onOpenChange, className, add, children }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="outline" className="w-full">
          <Icon aria-hidden="true" />
          {title}
        </Button>
      </DialogTrigger>
      <DialogContent className={className}>
        <DialogHeader className="flex-row flex-wrap items-start justify-between gap-3 pr-8">
          <div className="space-y-1 text-left">
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </div>
          {add && (
            <Button size="sm" onClick={add.onClick}>
              <Plus aria-hidden="true" />
              {add.label}
            </Button>
          )}
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
