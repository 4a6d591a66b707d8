import { useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import { ShipIllustration } from '@/components/ship-illustration';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

export default function AuthPage() {
  const [mode, setMode] = useState<'login' | 'register'>('login');
  return (
    <div className="grid min-h-screen lg:grid-cols-[1.15fr_1fr]">
      <section className="relative hidden flex-col overflow-hidden bg-navy text-white lg:flex" aria-label="Welcome">
        <div className="absolute inset-x-0 bottom-0 h-[48%]">
          <ShipIllustration />
        </div>
        <div className="relative z-10 flex flex-col justify-start gap-4 p-12 pt-16">
          <p className="text-sm font-semibold tracking-[0.2em] text-sky-300 uppercase">SOP Harbor</p>
          <h1 className="max-w-md text-4xl leading-tight font-semibold">Welcome aboard</h1>
          <p className="max-w-md text-base text-slate-200">
            Standard operating procedures, daily programs and itineraries for the whole fleet: the approved version, where and when
            it is needed.
          </p>
          <p className="flex items-center gap-2 text-sm text-slate-300">
            <ShieldCheck className="size-4" aria-hidden="true" /> Reviewed, approved and recorded under the ISM Code.
          </p>
        </div>
      </section>
      <section className="flex items-center justify-center bg-background px-6 py-12">
        <div className="w-full max-w-sm">
          {mode === 'login' ? <LoginForm onRegister={() => setMode('register')} /> : <RegisterForm onLogin={() => setMode('login')} />}
        </div>
      </section>
    </div>
  );
}
