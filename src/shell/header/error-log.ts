import { create } from 'zustand';
import { localDateTime } from '../../../schemas/local-time';

/** One error the console met: when, on which route, and what it said. */
export interface LoggedError {
  time: string;
  route: string;
  message: string;
}

/** The most errors kept; older ones give way to newer ones. */
export const ERROR_LOG_MAX = 50;

interface ErrorLog {
  errors: LoggedError[];
  add(error: unknown, route?: string): void;
  clear(): void;
}

/** What an error says: its message, else its text. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

const currentRoute = () => window.location.hash.replace(/^#/, '') || '/';

/** Spec section 8: errors recorded with their route, shown in the header's badge and dialog (this window's only). */
export const useErrorLog = create<ErrorLog>((set) => ({
  errors: [],
  add: (error, route = currentRoute()) =>
    set((state) => ({ errors: [...state.errors, { time: localDateTime(new Date()), route, message: describeError(error) }].slice(-ERROR_LOG_MAX) })),
  clear: () => set({ errors: [] }),
}));

/**
 * The global handler of production builds: uncaught errors and unhandled rejections go into the
 * log (a screen's render errors come through the screen's error boundary). Returns its removal.
 */
export function installErrorHandlers(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => useErrorLog.getState().add(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => useErrorLog.getState().add(event.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
