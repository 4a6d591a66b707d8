import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client';
import { listSopsJson } from '../server/src/features/sops/sop-list.service';
const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/search_explain' });
const db = database.db as any;
const term = process.argv[2] ?? 'crew';
for (let i = 0; i < 3; i++) { const t0 = performance.now(); await listSopsJson(database.db, { search: term }); console.log('ms', (performance.now() - t0).toFixed(1)); }
const orig = db.execute.bind(db);
db.execute = async (q: any) => { const r = await orig(sql`explain (analyze, buffers) ${q}`); console.log(r.rows.map((x: any) => x['QUERY PLAN']).join('\n')); return { rows: [{ rows: '[]' }] }; };
await listSopsJson(database.db, { search: term });
await database.close();
