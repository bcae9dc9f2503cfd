/**
 * What the operator's commands (`npm run leads`, `npm run stats`) read and print through, so that each runs the
 * same in its own process (ops/<name>/<name>.ts, `inThisProcess`) and in a test's, without starting Node again.
 */

/** The environment a command reads its settings from, and where its lines go (stdout, stderr). */
export interface CommandIO {
  env: NodeJS.ProcessEnv;
  out(line: string): void;
  err(line: string): void;
}

/** A command as a function of its arguments: it resolves with its exit code. */
export type Command = (args: readonly string[], io: CommandIO) => Promise<number>;

/** The command stops here: the message goes to stderr, the code is the exit code. */
class Stop {
  constructor(
    readonly message: string,
    readonly code: number,
  ) {}
}

export function fail(message: string, code = 1): never {
  throw new Stop(message, code);
}

/** A `catch` that turns whatever it caught into a message must let a stop through. */
export const isStop = (error: unknown): error is Stop => error instanceof Stop;

/** Runs a command's body: its exit code, or a stop's after printing its message. */
export async function stopsAsExitCodes(io: CommandIO, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (error) {
    if (!isStop(error)) throw error;
    io.err(error.message);
    return error.code;
  }
}

/** Runs `command` with this process's arguments, settings and output, then ends the process with its code. */
export async function inThisProcess(command: Command): Promise<void> {
  const code = await command(process.argv.slice(2), {
    env: process.env,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
  // On a failure, at once: a local D1 runtime would otherwise stay open a moment longer for nothing.
  if (code !== 0) process.exit(code);
}
