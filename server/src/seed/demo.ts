/**
 * `npm run seed:demo`: fills an EMPTY database with a believable cruise line (divisions,
 * departments, people of every role, ~60 SOPs with versions, PDF and Word attachments with
 * previews, and every status). Refuses when SOPs already exist. Demo passwords are public.
 */
import { pathToFileURL } from 'node:url';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../common/contracts/auth';
import { createBackgroundJobs } from '../background-jobs';
import { loadConfig } from '../config';
import type { Db } from '../db/client';
import { openConfiguredDatabase } from '../db/client';
import { departments, positions, sops, users } from '../db/schema';
import { createUser } from '../features/auth/auth.service';
import { ensureAdmin } from '../features/auth/bootstrap-admin.service';
import { findUserWithHashByUsername, toPublicUser } from '../features/users/users.service';
import { DEMO_DIVISIONS, DEMO_POSITION_OF, DEMO_POSITIONS, DEMO_READING_POSITIONS, DEMO_SOPS, DEMO_USERS } from './demo-catalog';
import { seedDailyProgramsAndItineraries } from './daily-programs';
import { seedDemoManuals } from './demo-manuals';
import { seedDemoCirculars } from './demo-circulars';
import { seedDemoSuggestions } from './demo-suggestions';
import { seedDemoReading } from './demo-reading';
import { type Scenario, seedDemoSop } from './demo-sops';

export interface DemoResult {
  created: boolean;
  /** SOPs found when the seed refused to run. */
  existingSops?: number;
  sops?: number;
  byScenario?: Partial<Record<Scenario, number>>;
  accounts?: { username: string; password: string; role: string }[];
}

async function departmentId(db: Db, name: string, description: string, parentId: number | null): Promise<number> {
  const [found] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(sql`lower(${departments.name}) = ${name.toLowerCase()}`, parentId === null ? isNull(departments.parentId) : eq(departments.parentId, parentId)));
  if (found) return found.id;
  const [row] = await db.insert(departments).values({ name, description, parentId }).returning({ id: departments.id });
  return row.id;
}

async function positionId(db: Db, name: string, departmentId: number): Promise<number> {
  const [found] = await db.select({ id: positions.id }).from(positions).where(sql`lower(${positions.name}) = ${name.toLowerCase()}`);
  if (found) return found.id;
  const [row] = await db.insert(positions).values({ name, departmentId }).returning({ id: positions.id });
  return row.id;
}

async function demoUser(db: Db, user: (typeof DEMO_USERS)[number], departmentIds: Map<string, number>, positionIds: Map<string, number>): Promise<SessionUser> {
  const existing = await findUserWithHashByUsername(db, user.username);
  if (existing) return toPublicUser(existing);
  const { department, ...account } = user;
  return createUser(
    db,
    {
      ...account,
      email: `${user.username}@aurora-cruises.example`,
      role: user.role,
      departmentId: departmentIds.get(department) ?? null,
      positionId: positionIds.get(DEMO_POSITION_OF[user.username]) ?? null,
    },
    null,
  );
}

/** Seeds the demo data into `db`; `limit` keeps tests quick. */
export async function seedDemo(db: Db, opts: { limit?: number } = {}): Promise<DemoResult> {
  const [{ value: existingSops }] = await db.select({ value: count() }).from(sops);
  if (existingSops > 0) return { created: false, existingSops };

  const departmentIds = new Map<string, number>();
  for (const division of DEMO_DIVISIONS) {
    const divisionId = await departmentId(db, division.name, division.description, null);
    departmentIds.set(division.name, divisionId);
    for (const child of division.departments) departmentIds.set(child.name, await departmentId(db, child.name, child.description, divisionId));
  }

  const positionIds = new Map<string, number>();
  for (const position of DEMO_POSITIONS) positionIds.set(position.name, await positionId(db, position.name, departmentIds.get(position.department)!));

  const people: SessionUser[] = [];
  for (const user of DEMO_USERS) people.push(await demoUser(db, user, departmentIds, positionIds));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  const approvers = people.filter((p) => p.role === 'approver');

  // Round-robin over departments, so every department gets every status.
  const groups = Object.entries(DEMO_SOPS);
  const longest = Math.max(...groups.map(([, list]) => list.length));
  const items = Array.from({ length: longest }, (_, i) => groups.flatMap(([department, list]) => (list[i] ? [{ department, item: list[i] }] : []))).flat();
  const chosen = items.slice(0, opts.limit ?? items.length);
  const byScenario: Partial<Record<Scenario, number>> = {};
  for (const [index, { department, item }] of chosen.entries()) {
    const owner = people[index % people.length];
    const approver = approvers.find((a) => a.id !== owner.id)!;
    const departmentRef = { id: departmentIds.get(department)!, name: department };
    const scenario = await seedDemoSop(db, { owner, approver }, item, departmentRef, index);
    byScenario[scenario] = (byScenario[scenario] ?? 0) + 1;
  }

  // Some SOPs are read by positions outside their department (decision 074).
  for (const [title, names] of Object.entries(DEMO_READING_POSITIONS)) {
    const ids = names.map((name) => positionIds.get(name)!);
    await db.execute(sql`update sops set reading_position_ids = ${`{${ids.join(',')}}`}::int[] where title = ${title}`);
  }

  // Crew have read some of their required reading and not the rest, as on a real ship.
  await seedDemoReading(db, people);
  await seedDemoManuals(db);
  if (approvers.length > 1) await seedDemoCirculars(db, approvers[0], approvers[1]);
  if (approvers.length > 0) await seedDemoSuggestions(db, people, approvers[0]);
  if (admin) await seedDailyProgramsAndItineraries(db, admin.id);
  await renderQueuedPreviews(db);

  return {
    created: true,
    sops: chosen.length,
    byScenario,
    accounts: DEMO_USERS.map(({ username, password, role }) => ({ username, password, role })),
  };
}

/** The demo's previews, rendered the way the server renders them: jobs run in document workers. */
async function renderQueuedPreviews(db: Db) {
  const jobs = createBackgroundJobs({ db });
  try {
    await jobs.runUntilIdle();
  } finally {
    await jobs.stop();
  }
}

async function main() {
  const config = loadConfig();
  // With the server running, the seed works through it (the owner of DATA_DIR).
  const database = await openConfiguredDatabase(config);
  try {
    await ensureAdmin(database.db, { username: config.adminUsername, password: config.adminPassword }, console);
    const startedAt = performance.now();
    const result = await seedDemo(database.db);
    if (!result.created) {
      console.log(
        `\n  This database already holds ${result.existingSops} SOP${result.existingSops === 1 ? '' : 's'}; the demo data is only loaded into an empty one.\n` +
          '  Nothing was changed. Point DATA_DIR (or DATABASE_URL) at a new location to try the demo.\n',
      );
      process.exitCode = 1;
      return;
    }
    console.log(`\n  Demo data loaded in ${((performance.now() - startedAt) / 1000).toFixed(1)} s: ${result.sops} SOPs`);
    console.log(
      `  ${Object.entries(result.byScenario ?? {})
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ')}\n`,
    );
    console.log('  Demo accounts (passwords are public, for demonstration only):');
    for (const account of result.accounts ?? []) console.log(`    ${account.role.padEnd(9)} ${account.username.padEnd(16)} ${account.password}`);
    console.log(
      `    admin     ${config.adminUsername.padEnd(16)} ${config.adminPassword ? '(the ADMIN_PASSWORD you set)' : '(printed above when it was first created)'}\n`,
    );
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
