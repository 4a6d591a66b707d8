import type { ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BookOpenCheck, ClipboardCheck, FileClock, FileStack, Lightbulb, Send } from 'lucide-react';
import { Link } from 'wouter';
import type { PublicUser } from '@common/contracts/auth';
import { can } from '@common/permissions';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { myReadingQuery } from '@/lib/shared-queries';
import { dashboardQueries } from './api';
import { useLingui } from '@lingui/react/macro';

/** Where the dashboard's required reading section starts: the My Tasks card of a reader leads there. */
export const READING_ANCHOR = 'required-reading';

interface CardSpec {
  key: string;
  title: string;
  caption: string;
  href: string;
  linkText: string;
  icon: ComponentType<{ className?: string }>;
  /** The figure, or undefined while it loads. */
  value: number | undefined;
}

const linkClass = 'inline-block pt-1 text-sm font-medium text-ocean underline-offset-4 outline-none hover:underline focus-visible:underline';

/**
 * The five counts: '...' while loading, 0 when missing. My Tasks is what the person has to do:
 * approval tasks for those who may open the Approval Center (`approval.list`, as its screen
 * requires), else their required reading, so no card leads anyone to a screen they may not open.
 */
export function SummaryCards({ user }: { user: PublicUser | null | undefined }) {
  const decides = can(user, 'approval.list');
  const { t } = useLingui();
  const stats = useQuery(dashboardQueries.stats());
  const reading = useQuery({ ...myReadingQuery, enabled: !decides });
  const count = (key: 'pendingTasks' | 'mySubmissions' | 'totalSops' | 'recentEdits' | 'openSuggestions' | 'mySuggestions') =>
    stats.isLoading ? undefined : (stats.data?.[key] ?? 0);
  const tasks: CardSpec = decides
    ? {
        key: 'pendingTasks',
        title: t`My Tasks`,
        caption: t`SOPs awaiting your approval`,
        href: '/approvals',
        linkText: t`View all tasks`,
        icon: ClipboardCheck,
        value: count('pendingTasks'),
      }
    : {
        key: 'readingTasks',
        title: t`My Tasks`,
        caption: t`SOPs waiting for you to read`,
        href: `#${READING_ANCHOR}`,
        linkText: t`Go to your reading`,
        icon: BookOpenCheck,
        value: reading.isLoading ? undefined : (reading.data?.outstanding.length ?? 0),
      };
  const cards: CardSpec[] = [
    tasks,
    {
      key: 'mySubmissions',
      title: t`My Submissions`,
      caption: t`SOPs you've submitted`,
      href: '/documents',
      linkText: t`View procedures`,
      icon: Send,
      value: count('mySubmissions'),
    },
    {
      key: 'totalSops',
      title: t`Total SOPs`,
      caption: t`All SOPs in platform`,
      href: '/documents',
      linkText: t`Browse all SOPs`,
      icon: FileStack,
      value: count('totalSops'),
    },
    {
      key: 'recentEdits',
      title: t`Recently Edited`,
      caption: t`SOPs updated this week`,
      href: '/documents',
      linkText: t`See recent changes`,
      icon: FileClock,
      value: count('recentEdits'),
    },
    // Suggestions for change (decision 079): to answer for approvers, admins and owners who have some; one's own open ones for the rest.
    can(user, 'sop.read.unreleased') || (stats.data?.openSuggestions ?? 0) > 0
      ? {
          key: 'openSuggestions',
          title: t`Suggestions`,
          caption: t`Open suggestions for change to answer`,
          href: '/suggestions?status=open',
          linkText: t`Answer suggestions`,
          icon: Lightbulb,
          value: count('openSuggestions'),
        }
      : {
          key: 'mySuggestions',
          title: t`My Suggestions`,
          caption: t`Your suggestions awaiting an answer`,
          href: '/suggestions',
          linkText: t`See your suggestions`,
          icon: Lightbulb,
          value: count('mySuggestions'),
        },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
      {cards.map(({ key, title, caption, href, linkText, icon: Icon, value }) => (
        <Card key={key} data-testid={`stat-${key}`} className="gap-2">
          <CardHeader className="flex flex-row items-center justify-between">
            <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
            <Icon className="size-5 text-ocean" aria-hidden="true" />
          </CardHeader>
          <CardContent className="space-y-1">
            <p className="text-3xl font-semibold text-navy" data-testid={`stat-${key}-value`}>
              {value ?? '...'}
            </p>
            <p className="text-sm text-muted-foreground">{caption}</p>
            {/* A hash is a place on this page, not a screen: a plain anchor scrolls to it. */}
            {href.startsWith('#') ? (
              <a href={href} className={linkClass}>
                {linkText}
              </a>
            ) : (
              <Link href={href} className={linkClass}>
                {linkText}
              </Link>
            )}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
