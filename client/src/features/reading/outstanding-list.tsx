import { Link } from 'wouter';
import { formatCalendarDay } from '@/lib/labels';
import { Trans } from '@lingui/react/macro';

interface OutstandingItem {
  sopId: number;
  title: string;
  versionNumber: string;
  dueDate: string;
  overdue: boolean;
}

const DueDay = ({ overdue, day }: { overdue: boolean; day: string }) => (overdue ? <Trans>overdue since {day}</Trans> : <Trans>by {day}</Trans>);

/** The versions a person has still to read, each with the day it must be read by; overdue ones in red. */
export function OutstandingList({ items }: { items: OutstandingItem[] }) {
  if (items.length === 0)
    return (
      <span className="text-emerald-800">
        <Trans>Up to date</Trans>
      </span>
    );
  return (
    <ul className="space-y-0.5">
      {items.map((item) => (
        <li key={item.sopId}>
          <Link href={`/sop/${item.sopId}`} className="text-ocean hover:underline">
            {item.title}
          </Link>{' '}
          <span className="text-muted-foreground">v{item.versionNumber}</span>{' '}
          <span className={item.overdue ? 'font-medium whitespace-nowrap text-red-800' : 'whitespace-nowrap text-muted-foreground'}>
            <DueDay overdue={item.overdue} day={formatCalendarDay(item.dueDate)} />
          </span>
        </li>
      ))}
    </ul>
  );
}
