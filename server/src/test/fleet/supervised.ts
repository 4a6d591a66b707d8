import type { ChildProcess } from 'node:child_process';

/** A server a test started: its output, and starting it again, stopping, killing or removing it. */
export interface TestProcess {
  /** Everything it logged so far. */
  log(): string;
  /** Starts it again over the same data (after stop or kill). */
  start(): Promise<void>;
  /** SIGTERM, and waits for it to end. */
  stop(): Promise<void>;
  /** SIGKILL, as a crash. */
  kill(): Promise<void>;
  /** Stops it and removes its data. */
  dispose(): Promise<void>;
}

/**
 * One child process a test starts, stops and starts again: the tail of its output kept for
 * error messages, a stop that sends a signal and waits for the exit, and a kill when the test
 * run itself exits first (an interrupted run leaves no server behind).
 */
export function supervised(onOutput?: (sinceStart: string) => void) {
  let child: ChildProcess | undefined;
  let output = '';
  const exited = () => !child || child.exitCode !== null || child.signalCode !== null;
  return {
    log: () => output,
    exited,
    /** Takes over a process just spawned with piped stdout and stderr. */
    adopt(started: ChildProcess) {
      child = started;
      let sinceStart = '';
      process.once('exit', () => started.kill('SIGKILL'));
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-20_000);
        sinceStart = (sinceStart + chunk.toString()).slice(-20_000);
        onOutput?.(sinceStart);
      };
      started.stdout!.on('data', keep);
      started.stderr!.on('data', keep);
      return started;
    },
    async end(signal: NodeJS.Signals) {
      if (exited()) return;
      const gone = new Promise((resolve) => child!.once('exit', resolve));
      child!.kill(signal);
      await gone;
    },
  };
}
