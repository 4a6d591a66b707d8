import type { ReactNode } from 'react';
import { AppHeader } from './app-header';
import { Trans } from '@lingui/react/macro';

/** Focus styles for the skip link: hidden until a keyboard user tabs to it. */
const SKIP_LINK =
  'sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-medium focus:text-navy focus:shadow-lg focus:ring-2 focus:ring-ocean';

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-background">
      <a href="#main" className={SKIP_LINK}>
        <Trans>Skip to main content</Trans>
      </a>
      <AppHeader />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-[1440px] px-4 py-6 outline-none sm:px-6 lg:px-8">
        {children}
      </main>
    </div>
  );
}
