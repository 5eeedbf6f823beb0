// Offline validation of rendered Kubernetes objects:
// - `validateSchemas`: the Kubernetes API JSON schemas of each built-in kind (the `kubernetes-models`
//   packages' validators: required fields, types, formats, enums) and of the Prometheus Operator kinds;
// - `typecheckObjects`: every object type-checked by the TypeScript compiler as an object literal of its
//   kind's declared type, which also refuses unknown (e.g. misspelt) fields — the JSON schemas allow
//   them. Custom resources of the other operators are checked this way against operator-types.ts.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import ts from 'typescript';
import type { K8sObject } from './kustomize.ts';
import { OPERATOR_TYPES } from './operator-types.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The module and type name that declare a built-in or Prometheus Operator kind, or null when unknown. */
export function modelModule(
  o: Pick<K8sObject, 'apiVersion' | 'kind'>,
): { module: string; type: string } | null {
  if (o.apiVersion === 'monitoring.coreos.com/v1')
    return {
      module: `@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/${o.kind}`,
      type: `I${o.kind}`,
    };
  if (/^[a-z0-9.]*\/?v[0-9]+((alpha|beta)[0-9]+)?$/.test(o.apiVersion) && !o.apiVersion.includes('.com/'))
    return { module: `kubernetes-models/${o.apiVersion}/${o.kind}`, type: `I${o.kind}` };
  return null;
}

/** Validates each object against its kind's API JSON schema; returns one line per problem. */
export async function validateSchemas(objects: K8sObject[]): Promise<string[]> {
  const problems: string[] = [];
  for (const o of objects) {
    const where = `${o.kind}/${o.metadata?.name}`;
    const known = modelModule(o);
    if (!known) continue;
    let Model: new (data: unknown) => { validate(): void };
    try {
      Model = ((await import(known.module)) as Record<string, typeof Model>)[o.kind]!;
    } catch {
      problems.push(`${where}: no API schema for ${o.apiVersion} ${o.kind}`);
      continue;
    }
    try {
      new Model(o).validate();
    } catch (err) {
      problems.push(`${where}: ${(err as Error).message}`);
    }
  }
  return problems;
}

/** The declared type of an object's kind: [import line, type name], or null when none is known. */
function declaredType(o: K8sObject, index: number): [string, string] | null {
  const operatorType = OPERATOR_TYPES[`${o.apiVersion}/${o.kind}`];
  if (operatorType)
    return [
      `import type { ${operatorType} as T${index} } from '${path.join(here, 'operator-types.ts')}';`,
      `T${index}`,
    ];
  const known = modelModule(o);
  return known ? [`import type { ${known.type} as T${index} } from '${known.module}';`, `T${index}`] : null;
}

/**
 * Type-checks every object as a literal of its kind's type with the TypeScript compiler (one virtual
 * file, one object per line). Returns one line per problem, and names objects of an unknown kind.
 */
export function typecheckObjects(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const imports: string[] = [];
  const lines: string[] = [];
  const lineObject: K8sObject[] = [];
  objects.forEach((o, i) => {
    const declared = declaredType(o, i);
    if (!declared) {
      problems.push(`${o.kind}/${o.metadata?.name}: no type known for ${o.apiVersion} ${o.kind}`);
      return;
    }
    imports.push(declared[0]);
    lines.push(`export const o${i}: ${declared[1]} = ${JSON.stringify(o)};`);
    lineObject.push(o);
  });
  const source = [...imports, ...lines].join('\n');
  const fileName = path.join(here, '__manifests__.ts');
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    allowImportingTsExtensions: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    name === fileName ? ts.createSourceFile(name, source, language) : getSourceFile(name, language, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === fileName || fileExists(name);
  const program = ts.createProgram([fileName], options, host);
  const file = program.getSourceFile(fileName)!;
  for (const d of ts.getPreEmitDiagnostics(program, file)) {
    const line =
      d.start === undefined ? -1 : file.getLineAndCharacterOfPosition(d.start).line - imports.length;
    const o = lineObject[line];
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n').slice(-2).join(' ');
    problems.push(`${o ? `${o.kind}/${o.metadata?.name}` : 'manifests'}: ${message}`);
  }
  return problems;
}
