import { setupWorker } from 'msw/browser';
import { createHandlers } from './handlers';

/**
 * Starts mock mode in the browser (`npm run dev:mock`): MSW's service worker answers the API's
 * requests with mocks/handlers.ts; the rest (the console's own files) goes through untouched.
 */
export async function startMockMode(): Promise<void> {
  await setupWorker(...createHandlers()).start({ onUnhandledRequest: 'bypass', quiet: true });
}
