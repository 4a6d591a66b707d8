import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardHeading } from '@/components/ui/card';
import { cn } from '@/lib/utils';

interface Props {
  icon: LucideIcon;
  title: string;
  titleClassName?: string;
  /** What stands at the header's right, beside the title: a count, a link (null while it has nothing to say). */
  aside?: ReactNode;
  contentClassName?: string;
  testId?: string;
  children: ReactNode;
}

/** A page section: a card headed by an icon and a title (a level-2 heading: the page's own title is the h1). */
export function SectionCard({ icon: Icon, title, titleClassName, aside, contentClassName, testId, children }: Props) {
  return (
    <Card data-testid={testId}>
      <CardHeader className={aside === undefined ? undefined : 'flex flex-row items-center justify-between gap-3'}>
        <CardHeading className={cn('flex items-center gap-2 text-base', titleClassName)}>
          <Icon className="size-4 text-ocean" aria-hidden="true" /> {title}
        </CardHeading>
        {aside}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
