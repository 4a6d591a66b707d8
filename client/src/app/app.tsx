import { lazy, Suspense } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { OfflineBanner } from '@/offline/offline-banner';
import { LanguageProvider } from './language';
import { AppRouter } from './router';

// Radix's toast code arrives just after the first paint; a toast raised before then waits in
// the toast store and shows as soon as it lands.
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageProvider>
        <OfflineBanner />
        <AppRouter />
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </LanguageProvider>
    </QueryClientProvider>
  );
}
