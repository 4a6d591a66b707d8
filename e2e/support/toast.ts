import type { Page } from '@playwright/test';

/** A toast (or any one-line confirmation) by its exact text; the first, as a toast may still be leaving. */
export const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
