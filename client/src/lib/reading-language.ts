import { createContext, useContext } from 'react';
import type { LanguageCode } from '@common/languages';

/**
 * The language the SOP page shows the version in force in: a current translation's, or null
 * for the original. Read & Attest records it with the attestation, so the record says what the
 * person read.
 */
export const ReadingLanguage = createContext<LanguageCode | null>(null);

export const useReadingLanguage = () => useContext(ReadingLanguage);
