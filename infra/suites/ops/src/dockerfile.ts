// A Dockerfile parser for the structural checks in infra/suites/ops/test/dockerfile.test.ts: instructions
// (line continuations joined, comments and parser directives skipped) grouped into build stages.

export interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

export interface Stage {
  /** The `AS` name, or the stage's index. */
  name: string;
  from: string;
  instructions: Instruction[];
}

export function parseDockerfile(text: string): { args: Instruction[]; stages: Stage[] } {
  const instructions: Instruction[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let line = lines[i]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    while (line.endsWith('\\') && i + 1 < lines.length) {
      line = line.slice(0, -1).trimEnd();
      let next = lines[++i]!.trim();
      while (next.startsWith('#') && i + 1 < lines.length) next = lines[++i]!.trim();
      line = `${line} ${next}`;
    }
    const match = /^([A-Za-z]+)\s*(.*)$/.exec(line);
    if (!match) throw new Error(`Dockerfile line ${start + 1}: cannot read "${line}"`);
    instructions.push({ keyword: match[1]!.toUpperCase(), args: match[2]!, line: start + 1 });
  }
  const args: Instruction[] = [];
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const [image, as, name] = instruction.args.replace(/--platform=\S+\s+/, '').split(/\s+/);
      stages.push({
        name: as?.toUpperCase() === 'AS' && name ? name : String(stages.length),
        from: image!,
        instructions: [],
      });
    } else if (stages.length === 0) {
      if (instruction.keyword !== 'ARG') throw new Error(`Dockerfile line ${instruction.line}: before FROM`);
      args.push(instruction);
    } else stages.at(-1)!.instructions.push(instruction);
  }
  return { args, stages };
}

/** The sources of a COPY/ADD (flags such as --from= and --chown= removed) and its destination. */
export function copyOperands(instruction: Instruction): { from?: string; sources: string[]; dest: string } {
  const words = instruction.args.split(/\s+/);
  const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length);
  const operands = words.filter((w) => !w.startsWith('--'));
  return { ...(from ? { from } : {}), sources: operands.slice(0, -1), dest: operands.at(-1)! };
}
