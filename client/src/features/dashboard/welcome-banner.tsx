import type { ReactNode } from 'react';
import { ShipIllustration } from '@/components/ship-illustration';

/** The ship header with the greeting; `actions` sit on the banner's right. */
export function WelcomeBanner({ firstName, actions }: { firstName: string | null | undefined; actions?: ReactNode }) {
  return (
    <section className="relative mb-6 h-48 overflow-hidden rounded-xl bg-navy text-white sm:h-56">
      {/* Kept to the right so the whole ship shows on wide screens instead of a cropped band. */}
      <div className="absolute inset-y-0 right-0 w-full [mask-image:linear-gradient(to_right,transparent,black_35%)] sm:w-[65%]">
        <ShipIllustration />
      </div>
      <div className="absolute inset-0 bg-gradient-to-r from-navy/80 via-navy/30 to-transparent" />
      <div className="relative flex h-full flex-wrap items-end justify-between gap-4 p-6">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Welcome back, {firstName?.trim() || 'User'}</h1>
          <p className="mt-1 text-sm text-sky-100 sm:text-base">Standard Operating Procedures Management Platform</p>
        </div>
        {actions}
      </div>
    </section>
  );
}
