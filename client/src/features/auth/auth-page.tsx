import { useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ShipIllustration } from '@/components/ship-illustration';
import { LanguageSwitch } from './language-switch';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { useRegistrationOpen } from './api';

export default function AuthPage() {
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const registrationOpen = useRegistrationOpen();
  const { t } = useLingui();
  return (
    <main className="flex min-h-screen flex-col lg:grid lg:grid-cols-[1.15fr_1fr]">
      <section className="relative hidden flex-col overflow-hidden bg-navy text-white lg:flex" aria-label={t`Welcome`}>
        <div className="absolute inset-x-0 bottom-0 h-[48%]">
          <ShipIllustration />
        </div>
        <div className="relative z-10 flex flex-col justify-start gap-4 p-12 pt-16">
          <p className="text-sm font-semibold tracking-[0.2em] text-sky-300 uppercase">SOP Harbor</p>
          <h1 className="max-w-md text-4xl leading-tight font-semibold">
            <Trans>Welcome aboard</Trans>
          </h1>
          <p className="max-w-md text-base text-slate-200">
            <Trans>Standard operating procedures, daily programs and itineraries for the whole fleet: the approved version, where and when it is needed.</Trans>
          </p>
          <p className="flex items-center gap-2 text-sm text-slate-300">
            <ShieldCheck className="size-4" aria-hidden="true" /> <Trans>Reviewed, approved and recorded under the ISM Code.</Trans>
          </p>
        </div>
      </section>
      {/* Tablets and phones: the banner shrinks to a strip above the form instead of disappearing. */}
      {/* On a phone the ship sails below the headline, never under it. */}
      <section className="relative h-52 overflow-hidden bg-navy text-white sm:h-44 lg:hidden" aria-label={t`Welcome`}>
        <div className="absolute inset-x-0 bottom-0 h-28 [mask-image:linear-gradient(to_bottom,transparent,black_35%)] sm:inset-y-0 sm:left-auto sm:h-auto sm:w-2/3 sm:[mask-image:linear-gradient(to_right,transparent,black_45%)]">
          <ShipIllustration />
        </div>
        <div className="relative z-10 flex h-full flex-col justify-start gap-1 p-6 pt-5 sm:justify-end sm:pt-6">
          <p className="text-xs font-semibold tracking-[0.2em] text-sky-300 uppercase">SOP Harbor</p>
          <h1 className="text-2xl font-semibold">
            <Trans>Welcome aboard</Trans>
          </h1>
        </div>
      </section>
      <section className="flex items-start justify-center bg-background px-6 py-10 lg:items-center lg:py-12">
        <div className="w-full max-w-sm space-y-6">
          <LanguageSwitch />
          {mode === 'register' && registrationOpen ? (
            <RegisterForm onLogin={() => setMode('login')} />
          ) : (
            <LoginForm onRegister={registrationOpen ? () => setMode('register') : undefined} />
          )}
        </div>
      </section>
    </main>
  );
}
