import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The list with the item at `from` moved to `to`; the same list when `to` is off either end. */
export const moved = <T,>(list: T[], from: number, to: number): T[] => {
  if (to < 0 || to >= list.length) return list;
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item);
  return copy;
};

/**
 * Up, down and remove for one row of an ordered list; up is off on the first row, down on the
 * last, and remove where the list must keep the row (`removable` false).
 */
export function RowControls({
  labels,
  at,
  count,
  onMove,
  onRemove,
  removable = true,
}: {
  labels: { up: string; down: string; remove: string };
  at: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
  removable?: boolean;
}) {
  const buttons = [
    { label: labels.up, icon: ArrowUp, disabled: at === 0, onClick: () => onMove(at - 1) },
    { label: labels.down, icon: ArrowDown, disabled: at === count - 1, onClick: () => onMove(at + 1) },
    { label: labels.remove, icon: X, disabled: !removable, onClick: onRemove },
  ];
  return buttons.map(({ label, icon: Icon, disabled, onClick }) => (
    <Button key={label} type="button" variant="ghost" size="icon" className="size-8 shrink-0" aria-label={label} disabled={disabled} onClick={onClick}>
      <Icon className="size-4" aria-hidden="true" />
    </Button>
  ));
}
