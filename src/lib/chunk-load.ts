import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Spec sections 8 and 9: a screen's code that has not arrived within 120 s is a ChunkLoadError. */
export const CHUNK_LOAD_TIMEOUT = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

// What browsers say when a dynamic import fails (Chromium, Firefox, Safari).
const FAILED_IMPORT = /dynamically imported module|error loading dynamically imported|importing a module script failed|chunk/i;

/** Whether an error is a screen's code that failed to load (ours, or the browser's own words for it). */
export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof ChunkLoadError || (error instanceof Error && (error.name === 'ChunkLoadError' || FAILED_IMPORT.test(error.message)));

/** The import, or a ChunkLoadError when it fails or takes longer than `timeout`. */
export function loadChunk<T>(load: () => Promise<T>, timeout = CHUNK_LOAD_TIMEOUT): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`loading a screen took longer than ${timeout / 1000} s`)), timeout);
    load().then(
      (value) => { clearTimeout(timer); resolve(value); },
      (error: unknown) => { clearTimeout(timer); reject(error instanceof Error && isChunkLoadError(error) ? Object.assign(new ChunkLoadError(error.message), { cause: error }) : error); },
    );
  });
}

/** React.lazy over loadChunk: a lazy screen whose code does not come shows the ChunkLoadError screen. */
export function lazyScreen<T extends ComponentType<any>>(load: () => Promise<{ default: T }>, timeout = CHUNK_LOAD_TIMEOUT): LazyExoticComponent<T> { // eslint-disable-line @typescript-eslint/no-explicit-any
  return lazy(() => loadChunk(load, timeout));
}
