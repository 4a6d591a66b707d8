import type { ReactNode } from 'react';
import { ShipIllustration } from '@/components/ship-illustration';
import { Trans, useLingui } from '@lingui/react/macro';

/** The ship header with the greeting; `actions` sit on the banner's right. */
export function WelcomeBanner({ firstName, actions }: { firstName: string | null | undefined; actions?: ReactNode }) {
  const { t } = useLingui();
  const name = firstName?.trim() || t`User`;
  return (
    <section className="relative mb-6 overflow-hidden rounded-xl bg-navy text-white sm:h-56">
      {/* Wide screens: the ship on the right, the greeting over the open sea on the left. On a phone the
          ship gets its own band above the greeting so it is never drawn behind the heading. */}
      <div className="relative h-28 w-full sm:absolute sm:inset-y-0 sm:right-0 sm:h-auto sm:w-[65%] sm:[mask-image:linear-gradient(to_right,transparent,black_35%)]">
        <ShipIllustration />
      </div>
      <div className="absolute inset-0 hidden bg-gradient-to-r from-navy/80 via-navy/30 to-transparent sm:block" />
      <div className="relative flex h-full flex-wrap items-end justify-between gap-4 p-5 sm:p-6">
        {/* On wide screens the greeting keeps to the sea: a long name wraps before the ship. */}
        <div className="sm:max-w-[50%]">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
            <Trans>Welcome back, {name}</Trans>
          </h1>
          <p className="mt-1 text-sm text-sky-100 sm:text-base">
            <Trans>Standard Operating Procedures Management Platform</Trans>
          </p>
        </div>
        {actions}
      </div>
    </section>
  );
}
