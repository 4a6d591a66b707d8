import { activateLanguage } from '@/lib/i18n';

// Screens render in English, from its compiled catalog, as the app draws its first screen only
// once the catalog of its language has arrived (main.tsx).
await activateLanguage('en');
