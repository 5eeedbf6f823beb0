import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEnvFile, renderKustomization, strategicMerge } from '../src/kustomize.ts';

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'ops-kustomize-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata: { name: web }
spec:
  replicas: 1
  template:
    spec:
      containers:
        - name: web
          image: app
          env: [{ name: A, value: '1' }, { name: B, value: '2' }]
          resources: { limits: { cpu: '1', memory: 1Gi } }
        - name: sidecar
          image: proxy:1.2
      volumes: [{ name: tmp, emptyDir: {} }]
---
apiVersion: v1
kind: Namespace
metadata: { name: somewhere }
`;

describe('strategic merge', () => {
  it('merges maps, merges containers/env/volumes by name, replaces other lists, deletes with null', () => {
    const merged = strategicMerge(
      {
        spec: {
          a: 1,
          b: { c: 2, d: 3 },
          list: [1, 2],
          containers: [{ name: 'x', image: 'i', env: [{ name: 'A', value: '1' }] }],
        },
      },
      {
        spec: {
          b: { d: null, e: 4 },
          list: [3],
          containers: [
            {
              name: 'x',
              env: [
                { name: 'A', value: '9' },
                { name: 'C', value: '3' },
              ],
            },
            { name: 'y' },
          ],
        },
      },
    );
    expect(merged).toEqual({
      spec: {
        a: 1,
        b: { c: 2, e: 4 },
        list: [3],
        containers: [
          {
            name: 'x',
            image: 'i',
            env: [
              { name: 'A', value: '9' },
              { name: 'C', value: '3' },
            ],
          },
          { name: 'y' },
        ],
      },
    });
  });
});

describe('env files', () => {
  it('reads KEY=VALUE lines, keeps = inside values, skips comments and blanks, refuses anything else', () => {
    expect(parseEnvFile('# c\n\nA=1\nURL=smtp://u:p@h:25/?a=b\n', 'f')).toEqual({
      A: '1',
      URL: 'smtp://u:p@h:25/?a=b',
    });
    expect(() => parseEnvFile('A=1\njunk\n', 'f.env')).toThrow('f.env:2');
  });
});

describe('renderKustomization', () => {
  it('renders resources of a base, patches, the namespace (not on cluster-scoped kinds), images and generated Secrets', () => {
    const root = tree({
      'base/kustomization.yaml': 'resources: [app.yaml]\n',
      'base/app.yaml': deployment,
      'prod/kustomization.yaml': `namespace: prod
resources: [../base]
images: [{ name: app, newName: registry/app, newTag: '2.0' }]
secretGenerator: [{ name: s, envs: [s.env] }]
generatorOptions: { disableNameSuffixHash: true }
patches: [{ path: p.yaml }]
`,
      'prod/s.env': 'KEY=value\n',
      'prod/p.yaml': `apiVersion: apps/v1
kind: Deployment
metadata: { name: web }
spec:
  replicas: 3
  template:
    spec:
      containers:
        - name: web
          env: [{ name: B, value: 'two' }]
`,
    });
    const objects = renderKustomization(path.join(root, 'prod'));
    expect(objects.map((o) => [o.kind, o.metadata.name, o.metadata.namespace])).toEqual([
      ['Deployment', 'web', 'prod'],
      ['Namespace', 'somewhere', undefined],
      ['Secret', 's', 'prod'],
    ]);
    const web = objects[0] as unknown as {
      spec: {
        replicas: number;
        template: { spec: { containers: Array<{ image: string; env: unknown[] }> } };
      };
    };
    expect(web.spec.replicas).toBe(3);
    expect(web.spec.template.spec.containers.map((c) => c.image)).toEqual(['registry/app:2.0', 'proxy:1.2']);
    expect(web.spec.template.spec.containers[0]!.env).toEqual([
      { name: 'A', value: '1' },
      { name: 'B', value: 'two' },
    ]);
    expect(objects[2]).toMatchObject({
      type: 'Opaque',
      data: { KEY: Buffer.from('value').toString('base64') },
    });
  });

  it('refuses what it does not implement instead of ignoring it', () => {
    const unsupported = tree({ 'kustomization.yaml': 'resources: []\ncommonLabels: { a: b }\n' });
    expect(() => renderKustomization(unsupported)).toThrow('"commonLabels" is not supported');
    const hashed = tree({
      'kustomization.yaml': 'secretGenerator: [{ name: s, envs: [s.env] }]\n',
      's.env': 'A=1\n',
    });
    expect(() => renderKustomization(hashed)).toThrow(/disableNameSuffixHash/);
    const orphanPatch = tree({
      'kustomization.yaml': 'resources: [a.yaml]\npatches: [{ path: p.yaml }]\n',
      'a.yaml': deployment,
      'p.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: other }\n',
    });
    expect(() => renderKustomization(orphanPatch)).toThrow('no Deployment other to patch');
    const twice = tree({
      'kustomization.yaml': 'resources: [a.yaml, b.yaml]\n',
      'a.yaml': deployment,
      'b.yaml': deployment,
    });
    expect(() => renderKustomization(twice)).toThrow('declared twice');
  });
});
