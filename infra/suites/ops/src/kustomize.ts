// A small, offline renderer for the subset of Kustomize that infra/deploy/k8s uses: `resources` (files and
// directories), `namespace`, `images`, `secretGenerator` from env files (without name hashes) and
// strategic-merge `patches` from files. Anything else in a kustomization.yaml is an error, never
// silently ignored: extend this file (and its tests) before using a new feature. Where kubectl is
// installed, the ops tests compare this output with `kubectl kustomize`.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; [key: string]: unknown };
  [key: string]: unknown;
}

export interface RenderOptions {
  /** Reads a file a secretGenerator names; default: the file itself. Tests read the committed `.example`. */
  readEnvFile?: (file: string) => string;
}

const SUPPORTED = new Set([
  'apiVersion',
  'kind',
  'resources',
  'namespace',
  'images',
  'secretGenerator',
  'generatorOptions',
  'patches',
]);

/** Kinds that live outside namespaces (the ones a platform like this can contain). */
const CLUSTER_SCOPED = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
  'ClusterIssuer',
  'PriorityClass',
  'StorageClass',
  'PersistentVolume',
  'IngressClass',
]);

/**
 * Lists that strategic merge patches merge by a key (the patchMergeKey of the Kubernetes API types this
 * repository patches); any other list is replaced by the patch's list.
 */
const MERGE_KEYS: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  volumes: 'name',
  volumeMounts: 'mountPath',
  env: 'name',
  ports: 'containerPort',
  imagePullSecrets: 'name',
};

export function parseYamlDocuments(text: string, source: string): K8sObject[] {
  return parseAllDocuments(text)
    .map((doc, i) => {
      if (doc.errors.length > 0) throw new Error(`${source} (document ${i + 1}): ${doc.errors[0]!.message}`);
      return doc.toJS() as K8sObject | null;
    })
    .filter((doc): doc is K8sObject => doc !== null);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Strategic merge of `patch` into `target` (both plain JSON), as Kustomize does for built-in kinds. */
export function strategicMerge(target: unknown, patch: unknown, field = ''): unknown {
  if (isObject(target) && isObject(patch)) {
    const out: Record<string, unknown> = { ...target };
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) delete out[key];
      else out[key] = key in target ? strategicMerge(target[key], value, key) : value;
    }
    return out;
  }
  const mergeKey = MERGE_KEYS[field];
  if (Array.isArray(target) && Array.isArray(patch) && mergeKey) {
    const out = [...target];
    for (const item of patch) {
      const index = isObject(item) ? out.findIndex((t) => isObject(t) && t[mergeKey] === item[mergeKey]) : -1;
      if (index >= 0) out[index] = strategicMerge(out[index], item);
      else out.push(item);
    }
    return out;
  }
  return patch;
}

/** KEY=VALUE lines (blank lines and `#` comments skipped), as Kustomize reads `envs` files. */
export function parseEnvFile(text: string, source: string): Record<string, string> {
  const values: Record<string, string> = {};
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const eq = line.indexOf('=');
    if (eq <= 0) throw new Error(`${source}:${i + 1}: expected KEY=VALUE`);
    values[line.slice(0, eq)] = line.slice(eq + 1);
  });
  return values;
}

function groupOf(apiVersion: string): string {
  return apiVersion.includes('/') ? apiVersion.split('/')[0]! : '';
}

export function objectId(o: K8sObject): string {
  return `${groupOf(o.apiVersion)}/${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;
}

function setImages(node: unknown, images: Array<{ name: string; newName?: string; newTag?: string }>): void {
  if (Array.isArray(node)) return node.forEach((n) => setImages(n, images));
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if ((key === 'containers' || key === 'initContainers') && Array.isArray(value)) {
      for (const container of value) {
        if (!isObject(container) || typeof container.image !== 'string') continue;
        const [name, tag] = splitImage(container.image);
        const rule = images.find((i) => i.name === name);
        if (rule) container.image = `${rule.newName ?? name}:${rule.newTag ?? tag ?? 'latest'}`;
      }
    }
    setImages(value, images);
  }
}

function splitImage(image: string): [string, string | undefined] {
  const slash = image.lastIndexOf('/');
  const colon = image.lastIndexOf(':');
  return colon > slash ? [image.slice(0, colon), image.slice(colon + 1)] : [image, undefined];
}

/** Renders the kustomization in `dir` (a directory holding kustomization.yaml). */
export function renderKustomization(dir: string, options: RenderOptions = {}): K8sObject[] {
  const file = path.join(dir, 'kustomization.yaml');
  const k = parseYamlDocuments(readFileSync(file, 'utf8'), file)[0] as unknown as Record<string, unknown>;
  for (const key of Object.keys(k))
    if (!SUPPORTED.has(key))
      throw new Error(`${file}: "${key}" is not supported by infra/suites/ops/src/kustomize.ts`);

  const objects: K8sObject[] = [];
  for (const entry of (k.resources as string[] | undefined) ?? []) {
    const target = path.join(dir, entry);
    if (!existsSync(target)) throw new Error(`${file}: resource ${entry} does not exist`);
    if (statSync(target).isDirectory()) objects.push(...renderKustomization(target, options));
    else objects.push(...parseYamlDocuments(readFileSync(target, 'utf8'), target));
  }

  const generatorOptions = (k.generatorOptions as { disableNameSuffixHash?: boolean } | undefined) ?? {};
  const generators = (k.secretGenerator as Array<{ name: string; envs?: string[]; type?: string }>) ?? [];
  if (generators.length > 0 && generatorOptions.disableNameSuffixHash !== true)
    throw new Error(`${file}: name hashes are not supported; set generatorOptions.disableNameSuffixHash`);
  for (const generator of generators) {
    const data: Record<string, string> = {};
    for (const env of generator.envs ?? []) {
      const envPath = path.join(dir, env);
      const text = options.readEnvFile ? options.readEnvFile(envPath) : readFileSync(envPath, 'utf8');
      for (const [key, value] of Object.entries(parseEnvFile(text, envPath)))
        data[key] = Buffer.from(value).toString('base64');
    }
    objects.push({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: generator.name },
      type: generator.type ?? 'Opaque',
      data,
    });
  }

  for (const entry of (k.patches as Array<{ path?: string }>) ?? []) {
    if (!entry.path) throw new Error(`${file}: only patches with a path are supported`);
    const patchFile = path.join(dir, entry.path);
    for (const patch of parseYamlDocuments(readFileSync(patchFile, 'utf8'), patchFile)) {
      const index = objects.findIndex(
        (o) =>
          o.kind === patch.kind &&
          o.metadata.name === patch.metadata.name &&
          groupOf(o.apiVersion) === groupOf(patch.apiVersion),
      );
      if (index < 0) throw new Error(`${patchFile}: no ${patch.kind} ${patch.metadata.name} to patch`);
      objects[index] = strategicMerge(objects[index], patch) as K8sObject;
    }
  }

  const namespace = k.namespace as string | undefined;
  if (namespace)
    for (const o of objects) if (!CLUSTER_SCOPED.has(o.kind)) o.metadata = { ...o.metadata, namespace };
  const images = (k.images as Array<{ name: string; newName?: string; newTag?: string }>) ?? [];
  if (images.length > 0) setImages(objects, images);

  const seen = new Set<string>();
  for (const o of objects) {
    const id = objectId(o);
    if (seen.has(id)) throw new Error(`${file}: ${id} is declared twice`);
    seen.add(id);
  }
  return objects;
}
