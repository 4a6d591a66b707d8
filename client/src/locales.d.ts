/** A language's catalog, compiled by Lingui's Vite plugin from its PO file. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
