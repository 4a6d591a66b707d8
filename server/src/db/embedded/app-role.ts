import type { PGlite } from '@electric-sql/pglite';
import { changesSessionRole } from './role-gate';

/**
 * The embedded database's app role: like the app's role on PostgreSQL it reads and writes rows
 * and uses the sequences, and owns nothing, so it cannot alter, disable, drop or truncate the
 * audit trail's guard or switch triggers off with session_replication_role. PGlite's one
 * session stays the superuser underneath, so the ways back to it are closed too: `set_config()`
 * and `DO` blocks by privileges, the role-changing statements by the socket's gate (role-gate.ts).
 */
export const APP_ROLE = 'sop_app';

const REFUSAL_FUNCTION = 'public.sop_role_change_refused';
const REFUSAL_MESSAGE = "The embedded database runs the app in its own role; a statement that changes the session's role is refused.";

/** What the socket server refuses, and the statement it runs instead. */
export const roleGate = {
  matches: changesSessionRole,
  refusal: `select ${REFUSAL_FUNCTION}()`,
};

/** Run as the superuser after the migrations, at every start (so new tables are granted too). */
export async function prepareAppRole(pglite: PGlite) {
  await pglite.exec(`
    do $$ begin
      if not exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then create role ${APP_ROLE} nologin; end if;
      execute format('revoke temporary on database %I from public', current_database());
    end $$;
    create or replace function ${REFUSAL_FUNCTION}() returns void language plpgsql as $body$
      begin raise exception using errcode = '42501', message = '${REFUSAL_MESSAGE.replaceAll("'", "''")}'; end
    $body$;
    revoke create on schema public from public;
    revoke execute on function pg_catalog.set_config(text, text, boolean) from public;
    -- The data-version trigger marks its transaction with set_config: it runs as its owner.
    alter function public.bump_data_version() security definer set search_path = pg_catalog, public;
    revoke usage on language plpgsql from public;
    grant usage on schema public, drizzle to ${APP_ROLE};
    grant select, insert, update, delete on all tables in schema public to ${APP_ROLE};
    grant usage, select on all sequences in schema public to ${APP_ROLE};
    grant select on all tables in schema drizzle to ${APP_ROLE};
    grant execute on function ${REFUSAL_FUNCTION}() to ${APP_ROLE};
  `);
}
