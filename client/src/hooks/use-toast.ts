import * as React from 'react';
import type { ToastActionElement, ToastProps } from '@/components/ui/toast';

/** At most one toast visible at a time: a newer message replaces the older instead of stacking over the page. */
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1000;

type ToasterToast = ToastProps & {
  id: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  action?: ToastActionElement;
};

type State = { toasts: ToasterToast[] };
type Action =
  | { type: 'ADD'; toast: ToasterToast }
  | { type: 'UPDATE'; toast: Partial<ToasterToast> & { id: string } }
  | { type: 'DISMISS'; toastId?: string }
  | { type: 'REMOVE'; toastId?: string };

let count = 0;
const genId = () => {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return count.toString();
};

const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();
const queueRemoval = (toastId: string) => {
  if (removeTimeouts.has(toastId)) return;
  removeTimeouts.set(
    toastId,
    setTimeout(() => {
      removeTimeouts.delete(toastId);
      dispatch({ type: 'REMOVE', toastId });
    }, TOAST_REMOVE_DELAY),
  );
};

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'ADD':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'DISMISS': {
      const { toastId } = action;
      if (toastId) queueRemoval(toastId);
      else for (const t of state.toasts) queueRemoval(t.id);
      return { toasts: state.toasts.map((t) => (toastId === undefined || t.id === toastId ? { ...t, open: false } : t)) };
    }
    case 'REMOVE':
      return { toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId) };
  }
}

const listeners: Array<(state: State) => void> = [];
let memoryState: State = { toasts: [] };

function dispatch(action: Action) {
  memoryState = reducer(memoryState, action);
  for (const listener of listeners) listener(memoryState);
}

type Toast = Omit<ToasterToast, 'id'>;

/** While set, other toasts are dropped: the signed-out notice must not be replaced by a call's own error. */
let heldUntil = 0;

/** Shows a toast from anywhere (components, query callbacks, the API client). */
function toast(props: Toast) {
  const id = genId();
  if (Date.now() < heldUntil) return { id, dismiss: () => {}, update: () => {} };
  const dismiss = () => dispatch({ type: 'DISMISS', toastId: id });
  dispatch({
    type: 'ADD',
    toast: { ...props, id, open: true, onOpenChange: (open) => !open && dismiss() },
  });
  return { id, dismiss, update: (next: ToasterToast) => dispatch({ type: 'UPDATE', toast: { ...next, id } }) };
}

/** Shows a toast that no other toast may replace for `holdMs`. */
function holdToast(props: Toast, holdMs: number) {
  heldUntil = 0;
  const shown = toast(props);
  heldUntil = Date.now() + holdMs;
  return shown;
}

function useToast() {
  const [state, setState] = React.useState<State>(memoryState);
  React.useEffect(() => {
    listeners.push(setState);
    // A toast raised after this render read the store and before this subscription (the lazy
    // toaster's render can wait a few hundred ms for its commit) would otherwise never show.
    setState(memoryState);
    return () => {
      const index = listeners.indexOf(setState);
      if (index > -1) listeners.splice(index, 1);
    };
  }, []);
  return { ...state, toast, dismiss: (toastId?: string) => dispatch({ type: 'DISMISS', toastId }) };
}

export { holdToast, toast, useToast };
