import { openDatabase } from '../server/src/db/client';
import { generateBenchData } from './generate';
import { addFileTexts } from './search-data';
const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/search_explain' });
await generateBenchData(database.db, Number(process.argv[2] ?? 2000));
console.log(await addFileTexts(database.db));
await database.close();
