import { type ReactNode, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { whenIdle } from '@/lib/idle';

// Blocks waiting to mount, first come first served, one per idle period.
const waiting: (() => void)[] = [];
let draining = false;

function drain() {
  const mount = waiting.shift();
  if (!mount) {
    draining = false;
    return;
  }
  whenIdle(() => {
    mount();
    drain();
  }, 1000);
}

/**
 * Renders `children` once the browser is idle, one such block per idle period and each in its
 * own task. For parts that cost far more to mount than they show: a closed Radix select builds
 * its whole option list (and re-renders itself several times over) as it mounts, in one
 * synchronous task even inside a transition: on a phone, the longest task of the procedures
 * list's first paint. Give such a select's trigger its value's text itself: the option list is
 * what would otherwise put it there. Its open state lives in the select's root, so a press
 * before the list is in opens it as it lands.
 */
export function MountWhenIdle({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    waiting.push(() => live && flushSync(() => setReady(true)));
    if (!draining) {
      draining = true;
      drain();
    }
    return () => {
      live = false;
    };
  }, []);
  return ready ? children : null;
}
