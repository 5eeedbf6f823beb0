import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { taskGuideFileSchema, type TaskGuideFile } from '@app/contracts';
import { parse, YAMLParseError } from 'yaml';

/*
 * Issue 21: the guides are content files, one per guide (`content/guides/<id>-<slug>.yaml`), validated by the
 * contracts' schema. The service loads them once, at start; any problem stops the start with a message naming
 * the file and the field.
 */

/** Where the service's guides live (the Dockerfile copies `services/`, so the image has them too). */
export const GUIDES_DIR = fileURLToPath(new URL('../../content/guides/', import.meta.url));

const FILE_NAME = /^(\d+)-[a-z0-9]+(?:-[a-z0-9]+)*\.yaml$/;

export class GuideContentError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`invalid task guide content:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'GuideContentError';
    this.problems = problems;
  }
}

function fieldOf(path: ReadonlyArray<PropertyKey>): string {
  return path.length === 0 ? '(the file)' : path.map(String).join('.');
}

/** Reads and checks one file's text; answers the guide or the problems, each naming the file and the field. */
export function parseGuideFile(
  fileName: string,
  text: string,
): { guide: TaskGuideFile; problems: [] } | { guide: null; problems: string[] } {
  const name = FILE_NAME.exec(fileName);
  if (!name) return { guide: null, problems: [`${fileName}: the file name must be <id>-<slug>.yaml`] };
  let data: unknown;
  try {
    data = parse(text);
  } catch (err) {
    const reason = err instanceof YAMLParseError ? err.message.split('\n')[0] : String(err);
    return { guide: null, problems: [`${fileName}: not valid YAML: ${reason}`] };
  }
  const result = taskGuideFileSchema.safeParse(data);
  if (!result.success) {
    return {
      guide: null,
      problems: result.error.issues.map((issue) => `${fileName}: ${fieldOf(issue.path)}: ${issue.message}`),
    };
  }
  if (result.data.id !== Number(name[1])) {
    return {
      guide: null,
      problems: [`${fileName}: id: ${result.data.id} does not match the file name's ${Number(name[1])}`],
    };
  }
  return { guide: result.data, problems: [] };
}

/**
 * The rules that span guides: ids unique, prerequisites naming existing guides (never the guide itself), and
 * no cycle. Problems name the guide's id and the field.
 */
export function guideSetProblems(guides: readonly TaskGuideFile[]): string[] {
  const problems: string[] = [];
  const byId = new Map<number, TaskGuideFile>();
  for (const guide of guides) {
    if (byId.has(guide.id)) problems.push(`guide ${guide.id}: id: used by two files`);
    byId.set(guide.id, guide);
  }
  for (const guide of guides) {
    if (new Set(guide.prerequisites).size !== guide.prerequisites.length)
      problems.push(`guide ${guide.id}: prerequisites: an id is listed twice`);
    for (const prerequisite of guide.prerequisites) {
      if (!byId.has(prerequisite))
        problems.push(`guide ${guide.id}: prerequisites: ${prerequisite} is no guide's id`);
    }
  }
  // Depth-first search; a grey node met again closes a cycle.
  const state = new Map<number, 'grey' | 'black'>();
  const path: number[] = [];
  const visit = (id: number): void => {
    state.set(id, 'grey');
    path.push(id);
    for (const next of byId.get(id)?.prerequisites ?? []) {
      if (!byId.has(next)) continue;
      if (state.get(next) === 'grey') {
        const cycle = [...path.slice(path.indexOf(next)), next];
        problems.push(`guide ${id}: prerequisites: cycle ${cycle.join(' → ')}`);
      } else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(id, 'black');
  };
  for (const id of [...byId.keys()].sort((a, b) => a - b)) if (!state.has(id)) visit(id);
  return problems;
}

/** Loads every guide file of `dir`, ordered by id; throws a GuideContentError listing every problem found. */
export function loadGuideFiles(dir: string = GUIDES_DIR): TaskGuideFile[] {
  const problems: string[] = [];
  const guides: TaskGuideFile[] = [];
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => !name.startsWith('.'));
  } catch (err) {
    throw new GuideContentError([`${dir}: cannot read the guides folder: ${(err as Error).message}`]);
  }
  for (const fileName of names.sort()) {
    const read = parseGuideFile(fileName, readFileSync(join(dir, fileName), 'utf8'));
    if (read.guide) guides.push(read.guide);
    problems.push(...read.problems);
  }
  if (guides.length === 0 && problems.length === 0) problems.push(`${dir}: no guide files`);
  problems.push(...guideSetProblems(guides));
  if (problems.length > 0) throw new GuideContentError(problems);
  return guides.sort((a, b) => a.id - b.id);
}
