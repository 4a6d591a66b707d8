import { and, eq, isNull } from 'drizzle-orm';
import type { SessionUser } from '../../../../common/contracts/auth';
import { bestLanguage, type LanguageCode } from '../../../../common/languages';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/**
 * A first sign-in keeps the language the browser asks for (Accept-Language; the app sends the
 * one its sign-in page shows) as the person's own; later sign-ins leave it as chosen. A ship's
 * copy changes no account: it answers in that language and keeps nothing.
 */
export async function settleLanguage(db: Db, user: SessionUser, acceptLanguage: string | undefined, keep: boolean): Promise<SessionUser> {
  if (user.language !== null) return user;
  const language = bestLanguage(acceptLanguage);
  if (keep)
    await db
      .update(users)
      .set({ language })
      .where(and(eq(users.id, user.id), isNull(users.language)));
  return { ...user, language };
}

/** PUT /api/account/language: one's own interface language (the contract refuses an unknown code). */
export async function setOwnLanguage(db: Db, actor: SessionUser, language: LanguageCode): Promise<SessionUser> {
  if (actor.language !== language) await db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, actor.id));
  return { ...actor, language };
}
