// infra/deploy/docker/Dockerfile checked structurally (no Docker engine here, and hadolint is not packaged for
// this Debian): multi-stage, dependencies installed from the lock file in a build stage, the runtime
// stage non-root with a HEALTHCHECK, no secrets baked in, and every workspace a deployable needs in it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { copyOperands, parseDockerfile, type Stage } from '../src/dockerfile.ts';
import { DEPLOYABLES } from '../src/deployables.ts';
import { repoRoot } from './support/platform.ts';

const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');
const dockerfile = parseDockerfile(read('infra/deploy/docker/Dockerfile'));
const runtime = dockerfile.stages.at(-1)!;
const instructions = (stage: Stage, keyword: string) =>
  stage.instructions.filter((i) => i.keyword === keyword);
const installs = (stage: Stage) =>
  instructions(stage, 'RUN').filter((i) => /\bnpm (ci|install|i)\b/.test(i.args));

interface PackageJson {
  name: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
}
const rootPackage = JSON.parse(read('package.json')) as PackageJson;
const workspaceDirs = new Map<string, string>(
  rootPackage.workspaces!.map((dir) => [(JSON.parse(read(`${dir}/package.json`)) as PackageJson).name, dir]),
);

/** The workspace folders a deployable runs with: its own and those of its @app/* dependencies, transitively. */
function workspaceClosure(dir: string, seen = new Set<string>()): Set<string> {
  if (seen.has(dir)) return seen;
  seen.add(dir);
  const pkg = JSON.parse(read(`${dir}/package.json`)) as PackageJson;
  for (const name of Object.keys(pkg.dependencies ?? {})) {
    const dep = workspaceDirs.get(name);
    if (dep) workspaceClosure(dep, seen);
  }
  return seen;
}

/** The stage whose node_modules the runtime stage copies (dev dependencies left out). */
const depsStage = dockerfile.stages.find(
  (s) =>
    s.name ===
    instructions(runtime, 'COPY')
      .map(copyOperands)
      .find((c) => c.sources.some((s) => s.endsWith('node_modules')))?.from,
)!;
/** The workspace folders whose package.json that stage copies before its install: the ones npm links. */
const installedWorkspaces = instructions(depsStage, 'COPY')
  .flatMap((c) => copyOperands(c).sources)
  .filter((source) => source.endsWith('/package.json'))
  .map((source) => source.slice(0, -'/package.json'.length));
const ENGINE = '@app/mongo-embedded';
const engineDir = workspaceDirs.get(ENGINE)!;

describe('infra/deploy/docker/Dockerfile', () => {
  it('is multi-stage: dependencies are installed in a build stage from the lock file, never in the runtime stage', () => {
    expect(dockerfile.stages.length).toBeGreaterThanOrEqual(2);
    const builders = dockerfile.stages.slice(0, -1).filter((s) => installs(s).length > 0);
    expect(builders.length).toBeGreaterThan(0);
    for (const stage of builders) {
      const install = installs(stage)[0]!;
      // npm ci, or npm install after the lock (npm ci refuses this lock: see the Dockerfile comment).
      expect(install.args).toMatch(/\bnpm (ci|install)\b/);
      const lockCopied = instructions(stage, 'COPY').some(
        (c) => c.line < install.line && copyOperands(c).sources.includes('package-lock.json'),
      );
      expect({ stage: stage.name, lockCopied }).toEqual({ stage: stage.name, lockCopied: true });
    }
    expect(installs(runtime)).toEqual([]);
    // The runtime's node_modules come from a build stage that left the dev dependencies out.
    const modules = instructions(runtime, 'COPY')
      .map(copyOperands)
      .find((c) => c.sources.some((s) => s.endsWith('node_modules')));
    expect(modules?.from).toBeDefined();
    const source = dockerfile.stages.find((s) => s.name === modules!.from)!;
    expect(
      installs(source)
        .map((i) => i.args)
        .join(' '),
    ).toMatch(/--omit=dev/);
  });

  it('runs as a non-root user with a HEALTHCHECK on /healthz and an exec-form CMD', () => {
    const users = instructions(runtime, 'USER');
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)!.args).not.toMatch(/^(root|0)(:|$)/);
    const last = Math.max(
      ...runtime.instructions.filter((i) => ['COPY', 'ADD', 'RUN'].includes(i.keyword)).map((i) => i.line),
    );
    expect(users.at(-1)!.line).toBeGreaterThan(last);
    const healthchecks = instructions(runtime, 'HEALTHCHECK');
    expect(healthchecks).toHaveLength(1);
    expect(healthchecks[0]!.args).toMatch(/\/healthz/);
    expect(healthchecks[0]!.args).toMatch(/--timeout=\d+s/);
    expect(instructions(runtime, 'CMD').at(-1)!.args.trim().startsWith('[')).toBe(true);
  });

  it('pins every base image to a tag', () => {
    for (const stage of dockerfile.stages) {
      const base = dockerfile.stages.find((s) => s.name === stage.from);
      if (base) continue; // FROM an earlier stage
      expect(stage.from).toMatch(/^[^:]+:[^:]+$/);
      expect(stage.from).not.toMatch(/:latest$/);
    }
  });

  it('bakes no secret in: no secret-like ARG or ENV, no key or env file copied, and .dockerignore keeps them out', () => {
    const all = [...dockerfile.args, ...dockerfile.stages.flatMap((s) => s.instructions)];
    for (const i of all.filter((i) => i.keyword === 'ARG' || i.keyword === 'ENV'))
      expect({ line: i.line, args: i.args }).not.toEqual({
        line: i.line,
        args: expect.stringMatching(/(SECRET|PASSWORD|TOKEN|API_?KEY|PRIVATE|CREDENTIAL)/i),
      });
    for (const c of all.filter((i) => i.keyword === 'COPY' || i.keyword === 'ADD'))
      for (const source of copyOperands(c).sources)
        expect(source).not.toMatch(/(^|\/)\.env|\.pem$|\.key$|id_rsa/);
    const ignored = read('.dockerignore').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['.env', '.git', '**/node_modules', '.data']));
  });

  it.each(Object.entries(DEPLOYABLES))(
    'has every workspace %s needs: its package.json before the install, its sources in the runtime stage',
    (_name, deployable) => {
      const needed = [...workspaceClosure(deployable.app)];
      const manifests = instructions(depsStage, 'COPY').flatMap((c) => copyOperands(c).sources);
      const sources = instructions(runtime, 'COPY')
        .map(copyOperands)
        .filter((c) => !c.from)
        .flatMap((c) => c.sources.map((s) => s.replace(/\/$/, '')));
      for (const dir of needed) {
        expect({ dir, manifest: manifests.includes(`${dir}/package.json`) }).toEqual({ dir, manifest: true });
        const copied = sources.some((s) => s === '.' || dir === s || dir.startsWith(`${s}/`));
        expect({ dir, copied }).toEqual({ dir, copied: true });
      }
      if (deployable.app === 'gateway') {
        const web = instructions(runtime, 'COPY')
          .map(copyOperands)
          .find((c) => c.from && c.dest.includes('web/dist'));
        expect(web).toBeDefined();
      }
    },
  );

  it.each(Object.entries(DEPLOYABLES))(
    '%s does not reach the embedded MongoDB engine: not in its dependencies, nor in theirs (workspace packages, transitively)',
    (_name, deployable) => {
      const reachable = [...workspaceClosure(deployable.app)].map(
        (dir) => (JSON.parse(read(`${dir}/package.json`)) as PackageJson).name,
      );
      expect(engineDir).toBeDefined();
      expect(reachable).not.toContain(ENGINE);
    },
  );

  it("builds node_modules from the deployables' workspaces only, so an image holds no embedded engine", () => {
    // npm links the workspaces whose package.json is there at the install, and installs their dependencies:
    // the deployables' dependency trees (above) plus the web app, whose build the gateway serves.
    const deployed = new Set([
      'web',
      ...Object.values(DEPLOYABLES).flatMap((d) => [...workspaceClosure(d.app)]),
    ]);
    expect(installedWorkspaces.length).toBeGreaterThan(0);
    for (const dir of installedWorkspaces)
      expect({ dir, deployed: deployed.has(dir) }).toEqual({ dir, deployed: true });
    expect(installedWorkspaces).not.toContain(engineDir);
    expect(
      installs(depsStage)
        .map((i) => i.args)
        .join(' '),
    ).toMatch(/--omit=dev/);
    // Nor are its sources copied into the runtime stage.
    const sources = instructions(runtime, 'COPY')
      .map(copyOperands)
      .filter((c) => !c.from)
      .flatMap((c) => c.sources.map((s) => s.replace(/\/$/, '')));
    for (const source of sources)
      expect({
        source,
        engine: source === '.' || engineDir === source || engineDir.startsWith(`${source}/`),
      }).toEqual({ source, engine: false });
  });

  it("carries the venture service's guide files (read at start, issue 21), not excluded by .dockerignore", () => {
    const content = 'services/venture/content/guides';
    const sources = instructions(runtime, 'COPY')
      .map(copyOperands)
      .filter((c) => !c.from)
      .flatMap((c) => c.sources.map((s) => s.replace(/\/$/, '')));
    expect(sources.some((source) => content === source || content.startsWith(`${source}/`))).toBe(true);
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    for (const pattern of ignored)
      expect({ pattern, hidesGuides: /(^|\/)(content|guides|\*\.yaml)(\/|$)/.test(pattern) }).toEqual({
        pattern,
        hidesGuides: false,
      });
  });

  it('listens where compose and the Kubernetes probes look: PORT 8080, exposed', () => {
    expect(
      instructions(runtime, 'ENV')
        .map((i) => i.args)
        .join(' '),
    ).toMatch(/\bPORT=8080\b/);
    expect(instructions(runtime, 'EXPOSE').map((i) => i.args)).toContain('8080');
  });
});
