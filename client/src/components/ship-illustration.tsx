import { useId } from 'react';
import { cn } from '@/lib/utils';

/** A cruise ship on the horizon, drawn in SVG (no image downloads): banners on /auth and the dashboard. */
export function ShipIllustration({ className }: { className?: string }) {
  // Unique gradient ids: two banners on one page (one hidden by width) must not share them.
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  return (
    <svg viewBox="0 0 800 300" preserveAspectRatio="xMidYMax slice" className={cn('h-full w-full', className)} aria-hidden="true">
      <defs>
        <linearGradient id={`${id}sky`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#0b2545" />
          <stop offset="0.6" stopColor="#0f2c52" />
          <stop offset="1" stopColor="#1b6ca8" />
        </linearGradient>
        <linearGradient id={`${id}sea`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1b6ca8" />
          <stop offset="1" stopColor="#0b2545" />
        </linearGradient>
      </defs>
      <rect width="800" height="300" fill={`url(#${id}sky)`} />
      <circle cx="640" cy="90" r="34" fill="#8ecae6" opacity="0.25" />
      <rect y="205" width="800" height="95" fill={`url(#${id}sea)`} />
      <g fill="#ffffff">
        <path d="M250 205 L560 205 L530 236 L282 236 Z" opacity="0.95" />
        <rect x="300" y="178" width="215" height="27" rx="3" />
        <rect x="325" y="156" width="160" height="22" rx="3" opacity="0.92" />
        <rect x="355" y="138" width="95" height="18" rx="3" opacity="0.88" />
      </g>
      <g fill="#13315c">
        {Array.from({ length: 12 }, (_, i) => (
          <rect key={`a${i}`} x={310 + i * 17} y={186} width="9" height="7" rx="1.5" />
        ))}
        {Array.from({ length: 9 }, (_, i) => (
          <rect key={`b${i}`} x={335 + i * 17} y={163} width="9" height="7" rx="1.5" />
        ))}
        <rect x="292" y="214" width="240" height="4" rx="2" opacity="0.5" />
      </g>
      <rect x="420" y="112" width="22" height="26" rx="3" fill="#1b6ca8" />
      <rect x="420" y="112" width="22" height="6" fill="#b42318" />
      <g fill="none" stroke="#8ecae6" strokeWidth="2" opacity="0.6">
        <path d="M0 250 q25 -8 50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0" />
        <path d="M0 275 q25 -8 50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0" opacity="0.6" />
      </g>
    </svg>
  );
}
