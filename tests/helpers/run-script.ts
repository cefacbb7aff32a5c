// Runs a command-line script (scripts/*.ts) in the test's own process, as `tsx <script> ...args`
// would run it, instead of starting a TypeScript runner (a new Node process, which compiles the
// script and everything it imports again) for every case. The script's module is imported afresh
// each time, so its top-level code runs again with these arguments; what it imports stays loaded.
// A script that calls process.exit() cannot be run this way.
import { resolve } from 'node:path';

export interface ScriptRun {
  /** The exit code the script set (process.exitCode), 0 when it set none. */
  code: number;
  /** What it printed with console.log, one line per call, as a terminal shows it. */
  stdout: string;
}

let runs = 0;
let queue: Promise<unknown> = Promise.resolve();

/** Runs `script` with `args` (in `cwd`, by default this one, with `env` over this process's
 *  variables) once every run before it has ended: they share process.argv, the working directory
 *  and the environment. */
export function runScript(
  script: string,
  args: string[],
  { cwd, env = {} }: { cwd?: string; env?: Record<string, string | undefined> } = {},
): Promise<ScriptRun> {
  const run = queue.then(() => runNow(resolve(script), args, cwd, env));
  queue = run.catch(() => undefined);
  return run;
}

async function runNow(
  script: string,
  args: string[],
  cwd: string | undefined,
  env: Record<string, string | undefined>,
): Promise<ScriptRun> {
  const { argv, exitCode } = process;
  const [log, before] = [console.log, process.cwd()];
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  const lines: string[] = [];
  process.argv = [argv[0]!, script, ...args];
  setEnv(env);
  if (cwd) process.chdir(cwd);
  process.exitCode = undefined;
  console.log = (...parts: unknown[]) => lines.push(parts.map(String).join(' '));
  try {
    // A new query makes a new module: its top-level code runs again.
    await import(/* @vite-ignore */ `${script}?run=${++runs}`);
    return {
      code: Number(process.exitCode ?? 0),
      stdout: lines.map((line) => `${line}\n`).join(''),
    };
  } finally {
    process.chdir(before);
    setEnv(saved);
    console.log = log;
    process.argv = argv;
    process.exitCode = exitCode;
  }
}

/** Sets these variables for the run (undefined: unset), as a child process's env would. */
function setEnv(env: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(env))
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
}
