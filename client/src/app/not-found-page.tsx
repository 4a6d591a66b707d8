import { Compass } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Trans } from '@lingui/react/macro';

export default function NotFoundPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-background px-4">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
          <Compass className="size-10 text-ocean" aria-hidden="true" />
          <h1 className="text-2xl font-semibold text-navy">
            <Trans>Page Not Found</Trans>
          </h1>
          <p className="text-sm text-muted-foreground">
            <Trans>The page you are looking for does not exist or has moved.</Trans>
          </p>
          <Button asChild className="mt-2">
            <Link href="/">
              <Trans>Back to Dashboard</Trans>
            </Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
