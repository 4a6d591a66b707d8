import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/**
 * The class merger builds its tables of Tailwind's classes on its first call: some 20 ms on this
 * machine, five times that on a crew phone. Called when the browser is idle, while the first
 * screen's code and data are still on their way, that work is done when the browser would be
 * waiting anyway, not inside the render that first draws the header.
 */
export function prepareClassMerge() {
  twMerge('p-0', 'p-1');
}
