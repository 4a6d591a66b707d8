/**
 * Tags as an SOP keeps them: trimmed, empty ones and duplicates dropped, so a tag filter finds
 * each SOP once. Apart from the zod contract (contracts/sops.ts uses it) so the tag field, shared
 * by the SOP and template forms, does not bring zod into every screen (decision 027).
 */
export function normalizeTags(tags: string[]): string[] {
  return [...new Set(tags.map((t) => t.trim()).filter(Boolean))];
}
