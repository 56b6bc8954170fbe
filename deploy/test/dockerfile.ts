// Reads the repository's Dockerfile into what the tests compare: its stages' RUN and COPY
// steps, and the runtime stage's user, environment, health check and command.
import { repoText } from './repo-files';

export interface Instruction {
  op: string;
  args: string;
}

export interface Stage {
  name: string;
  steps: Instruction[];
}

export interface Image {
  stages: Stage[];
  /** The last stage: what the image runs. */
  runtime: Stage;
  user: string;
  env: Record<string, string>;
  /** CMD in exec form. */
  cmd: string[];
  healthcheck: string[];
}

/** Instructions with their continuation lines joined, comments dropped. */
function instructions(text: string): Instruction[] {
  const logical: string[] = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || line === '') continue;
    current += (current ? ' ' : '') + line.replace(/\\$/, '').trim();
    if (!line.endsWith('\\')) {
      logical.push(current);
      current = '';
    }
  }
  return logical.map((l) => {
    const space = l.indexOf(' ');
    return { op: l.slice(0, space).toUpperCase(), args: l.slice(space + 1).trim() };
  });
}

function envPairs(args: string): [string, string][] {
  return [...args.matchAll(/([A-Z_][A-Z0-9_]*)=("[^"]*"|\S+)/g)].map((m) => [
    m[1] ?? '',
    (m[2] ?? '').replace(/^"|"$/g, ''),
  ]);
}

export function dockerfile(path = 'Dockerfile'): Image {
  const stages: Stage[] = [];
  for (const step of instructions(repoText(path))) {
    if (step.op === 'FROM') {
      stages.push({ name: / AS (\S+)$/i.exec(step.args)?.[1] ?? '', steps: [] });
    } else stages.at(-1)?.steps.push(step);
  }
  const runtime = stages.at(-1);
  if (!runtime) throw new Error(`${path} has no FROM`);
  const last = (op: string) => runtime.steps.filter((s) => s.op === op).at(-1)?.args ?? '';
  const env = Object.fromEntries(
    runtime.steps.filter((s) => s.op === 'ENV').flatMap((s) => envPairs(s.args)),
  );
  const healthcheck = /CMD (\[.*\])$/.exec(last('HEALTHCHECK'))?.[1] ?? '[]';
  return {
    stages,
    runtime,
    user: last('USER'),
    env,
    cmd: JSON.parse(last('CMD') || '[]') as string[],
    healthcheck: JSON.parse(healthcheck) as string[],
  };
}
