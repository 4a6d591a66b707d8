/**
 * The document worker: a child process (see worker-pool.ts) that parses and renders files
 * so a hostile one can exhaust only this process. It answers one task at a time over IPC and
 * exits when the server goes away.
 */
import { DocumentRefused } from './document-limits';
import { DOCUMENT_TASKS, type DocumentTaskKind } from './document-tasks';
import { warmUpRenderers } from './previews';

export type WorkerRequest = { id: number; kind: DocumentTaskKind; input: never };
export type WorkerReply = { ready: true } | { id: number; ok: true; output: unknown } | { id: number; ok: false; refused: boolean; message: string };

const send = (reply: WorkerReply) => process.send?.(reply);

process.on('message', async (request: WorkerRequest) => {
  try {
    const output = await DOCUMENT_TASKS[request.kind](request.input);
    send({ id: request.id, ok: true, output });
  } catch (err) {
    send({ id: request.id, ok: false, refused: err instanceof DocumentRefused, message: err instanceof Error ? err.message : String(err) });
  }
});
process.on('disconnect', () => process.exit(0));

await warmUpRenderers();
send({ ready: true });
