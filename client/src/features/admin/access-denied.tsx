import { ShieldAlert } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';

/** What a non-admin sees at /admin. No admin call is made for them: the server would refuse it anyway. */
export function AccessDenied() {
  return (
    <div className="space-y-6">
      <div role="alert" className="flex items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800">
        <ShieldAlert className="size-5 shrink-0" aria-hidden="true" />
        <div>
          <h1 className="font-semibold">Access Denied</h1>
          <p className="text-sm">Administrator privileges required to access this section</p>
        </div>
      </div>
      <Card className="mx-auto max-w-xl">
        <CardContent className="py-6 text-center">
          <p className="text-sm text-muted-foreground">Insufficient Permissions: You need administrator permissions to access this page.</p>
        </CardContent>
      </Card>
    </div>
  );
}
