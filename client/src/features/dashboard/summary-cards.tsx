import type { ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ClipboardCheck, FileClock, FileStack, Send } from 'lucide-react';
import { Link } from 'wouter';
import type { DashboardStats } from '@common/contracts/dashboard';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { dashboardQueries } from './api';

interface CardSpec {
  key: keyof DashboardStats;
  title: string;
  caption: string;
  href: string;
  linkText: string;
  icon: ComponentType<{ className?: string }>;
}

const CARDS: CardSpec[] = [
  { key: 'pendingTasks', title: 'My Tasks', caption: 'SOPs awaiting your approval', href: '/approvals', linkText: 'View all tasks', icon: ClipboardCheck },
  { key: 'mySubmissions', title: 'My Submissions', caption: "SOPs you've submitted", href: '/documents', linkText: 'View procedures', icon: Send },
  { key: 'totalSops', title: 'Total SOPs', caption: 'All SOPs in platform', href: '/documents', linkText: 'Browse all SOPs', icon: FileStack },
  { key: 'recentEdits', title: 'Recently Edited', caption: 'SOPs updated this week', href: '/documents', linkText: 'See recent changes', icon: FileClock },
];

/** The four counts: '...' while loading, 0 when missing. */
export function SummaryCards() {
  const { data, isLoading } = useQuery(dashboardQueries.stats());
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {CARDS.map(({ key, title, caption, href, linkText, icon: Icon }) => (
        <Card key={key} data-testid={`stat-${key}`} className="gap-2">
          <CardHeader className="flex flex-row items-center justify-between">
            <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
            <Icon className="size-5 text-ocean" aria-hidden="true" />
          </CardHeader>
          <CardContent className="space-y-1">
            <p className="text-3xl font-semibold text-navy" data-testid={`stat-${key}-value`}>
              {isLoading ? '...' : (data?.[key] ?? 0)}
            </p>
            <p className="text-sm text-muted-foreground">{caption}</p>
            <Link
              href={href}
              className="inline-block pt-1 text-sm font-medium text-ocean underline-offset-4 outline-none hover:underline focus-visible:underline"
            >
              {linkText}
            </Link>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
