import { useEffect, useState } from 'react';
import { whenIdle } from '@/lib/idle';

/** False until the browser has had nothing more urgent to do after the component mounted. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
