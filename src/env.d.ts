/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address of the API; empty means the same origin that served the console. */
  readonly VITE_API_BASE?: string;
}
