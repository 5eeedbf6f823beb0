// The Kubernetes manifests (infra/deploy/k8s), rendered offline from their kustomizations and checked: every
// object against its kind's API schema (custom resources structurally, see operator-types.ts), each
// deployable's Deployment/Service/HPA/PDB, the configuration each one gets against its own config
// schema, every Secret and ConfigMap reference, the Ingress, the operators' resources and the alerts.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { mailerConfigSchema, mailerShutdownTimeoutMs } from '@app/mailer';
import { DEPLOYABLES, configProblems, requiredInProduction } from '../src/deployables.ts';
import { typecheckObjects, validateSchemas } from '../src/k8s-validate.ts';
import { objectId, parseYamlDocuments, renderKustomization, type K8sObject } from '../src/kustomize.ts';
import { repoRoot } from './support/platform.ts';

const k8sRoot = path.join(repoRoot, 'infra/deploy/k8s');
const overlays = readdirSync(path.join(k8sRoot, 'overlays'));
/** Renders with the committed `.env.example` files in place of the real (uncommitted) env files. */
const render = (dir: string) =>
  renderKustomization(path.join(k8sRoot, dir), {
    readEnvFile: (file) => readFileSync(`${file}.example`, 'utf8'),
  });
const production = render('overlays/production');

/* eslint-disable @typescript-eslint/no-explicit-any -- manifests are untyped JSON */
type Any = any;
const find = (objects: K8sObject[], kind: string, name: string): Any =>
  objects.find((o) => o.kind === kind && o.metadata.name === name);
const all = (objects: K8sObject[], kind: string): Any[] => objects.filter((o) => o.kind === kind);

const matches = (selector: Record<string, string>, labels: Record<string, string> = {}) =>
  Object.entries(selector).every(([k, v]) => labels[k] === v);

describe.each(['base', ...overlays.map((o) => `overlays/${o}`)])('infra/deploy/k8s/%s', (dir) => {
  const objects = render(dir);

  it('renders, and every object validates against the Kubernetes API schema of its kind', async () => {
    expect(objects.length).toBeGreaterThan(0);
    expect(await validateSchemas(objects)).toEqual([]);
  });

  it('type-checks every object against its kind (no unknown or misspelt field; custom resources against their operator types)', () => {
    expect(typecheckObjects(objects)).toEqual([]);
  }, 30_000);
});

const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;
(kubectl ? it : it.skip)(
  'renders exactly what `kubectl kustomize` renders (where kubectl is installed)',
  () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'ops-k8s-'));
    try {
      cpSync(k8sRoot, copy, { recursive: true });
      for (const overlay of overlays) {
        const dir = path.join(copy, 'overlays', overlay);
        for (const file of readdirSync(dir).filter((f) => f.endsWith('.env.example')))
          cpSync(path.join(dir, file), path.join(dir, file.replace(/\.example$/, '')));
        const out = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 64 << 20 });
        expect(out.stderr).toBe('');
        const theirs = parseYamlDocuments(out.stdout, 'kubectl kustomize');
        // kubectl folds long base64 values over lines; YAML reads the fold as spaces.
        for (const o of theirs)
          if (o.kind === 'Secret')
            for (const [k, v] of Object.entries((o as Any).data ?? {}))
              (o as Any).data[k] = String(v).replace(/\s/g, '');
        const byId = (list: K8sObject[]) => Object.fromEntries(list.map((o) => [objectId(o), o]));
        expect(byId(render(`overlays/${overlay}`))).toEqual(byId(theirs));
      }
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  },
);

/** The value a container would see for each variable: ConfigMaps, Secrets, the downward API, $(VAR). */
function containerEnvironment(
  objects: K8sObject[],
  container: Any,
  secretValue: (name: string, key: string) => string | undefined,
) {
  const env: Record<string, string> = {};
  for (const from of container.envFrom ?? []) {
    const cm = find(objects, 'ConfigMap', from.configMapRef?.name);
    expect(cm).toBeDefined();
    Object.assign(env, cm.data);
  }
  for (const entry of container.env ?? []) {
    let value: string | undefined;
    if ('value' in entry)
      value = String(entry.value).replace(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (m, name) => env[name] ?? m);
    else if (entry.valueFrom?.secretKeyRef) {
      const ref = entry.valueFrom.secretKeyRef;
      value = secretValue(ref.name, ref.key);
      if (value === undefined && !ref.optional)
        throw new Error(`${entry.name}: Secret ${ref.name} has no key ${ref.key}`);
    } else if (entry.valueFrom?.configMapKeyRef)
      value = find(objects, 'ConfigMap', entry.valueFrom.configMapKeyRef.name)?.data?.[
        entry.valueFrom.configMapKeyRef.key
      ];
    else if (entry.valueFrom?.fieldRef?.fieldPath === 'metadata.namespace') value = 'venture-roadmap';
    if (value !== undefined) env[entry.name] = value;
  }
  return env;
}

/**
 * Secrets as the cluster would hold them: the generated ones (placeholders replaced by random hex, as an
 * operator does) and the ones the MongoDB operator writes for each user of the MongoDBCommunity.
 */
function secretValues(objects: K8sObject[]) {
  const mongo = find(objects, 'MongoDBCommunity', 'mongodb');
  return (name: string, key: string): string | undefined => {
    const generated = find(objects, 'Secret', name);
    if (generated) {
      const raw = generated.data?.[key];
      if (raw === undefined) return undefined;
      const value = Buffer.from(raw, 'base64').toString();
      return value.replace(/change-me[\w-]*/g, () => randomBytes(32).toString('hex'));
    }
    const user = mongo?.spec.users.find(
      (u: Any) => name === `${mongo.metadata.name}-${u.db ?? 'admin'}-${u.name}`,
    );
    if (user && key === 'connectionString.standard') {
      const hosts = [0, 1, 2].map((i) => `mongodb-${i}.mongodb-svc.venture-roadmap.svc.cluster.local:27017`);
      return `mongodb://${user.name}:${randomBytes(8).toString('hex')}@${hosts.join(',')}/admin?replicaSet=mongodb&ssl=false`;
    }
    return undefined;
  };
}

describe.each(Object.entries(DEPLOYABLES))('production: %s', (name, deployable) => {
  const deployment: Any = find(production, 'Deployment', name);
  const pod = deployment?.spec.template;
  const container = pod?.spec.containers.find((c: Any) => c.name === name);
  const hpa: Any = find(production, 'HorizontalPodAutoscaler', name);
  const pdb: Any = find(production, 'PodDisruptionBudget', name);

  it('has a Deployment running its APP from the release image, spread over nodes, selecting its own pods', () => {
    expect(container).toBeDefined();
    expect(container.env.find((e: Any) => e.name === 'APP')?.value).toBe(deployable.app);
    expect(container.image).toMatch(/^[^:]+\/[^:]+:[\w.-]+$/);
    expect(container.image).not.toMatch(/:latest$/);
    expect(matches(deployment.spec.selector.matchLabels, pod.metadata.labels)).toBe(true);
    expect(pod.spec.topologySpreadConstraints?.length).toBeGreaterThan(0);
    expect(deployment.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
  });

  it("leaves the process its own shutdown time before the kill (the mailer's drain: 3 SMTP timeouts + 5 s)", () => {
    const limitMs =
      name === 'mailer'
        ? mailerShutdownTimeoutMs(mailerConfigSchema.parse({ INTERNAL_SECRET: 'x'.repeat(32) }))
        : 10_000;
    expect(pod.spec.terminationGracePeriodSeconds * 1000).toBeGreaterThan(limitMs);
  });

  it('probes its real endpoints: readiness on /readyz (dependencies), liveness and startup on /healthz, on a declared port', () => {
    const ports = container.ports.map((p: Any) => p.name);
    expect(container.readinessProbe.httpGet.path).toBe('/readyz');
    expect(container.livenessProbe.httpGet.path).toBe('/healthz');
    expect(container.startupProbe.httpGet.path).toBe('/healthz');
    for (const probe of [container.readinessProbe, container.livenessProbe, container.startupProbe]) {
      expect(ports).toContain(probe.httpGet.port);
      // /readyz answers within about a second (each check is bounded at 1 s).
      expect(probe.timeoutSeconds).toBeGreaterThanOrEqual(2);
    }
    const http = container.ports.find((p: Any) => p.name === 'http');
    const env = containerEnvironment(production, container, secretValues(production));
    expect(String(http.containerPort)).toBe(env.PORT);
  });

  it('declares CPU and memory requests and limits, with the heap below the memory limit', () => {
    const { requests, limits } = container.resources;
    for (const r of ['cpu', 'memory']) {
      expect(requests[r]).toBeDefined();
      expect(limits[r]).toBeDefined();
    }
    const mib = (q: string) =>
      Number(q.slice(0, -2)) * (q.endsWith('Gi') ? 1024 : q.endsWith('Mi') ? 1 : NaN);
    const heap = Number(
      /--max-old-space-size=(\d+)/.exec(container.env.find((e: Any) => e.name === 'NODE_OPTIONS').value)![1],
    );
    expect(heap).toBeLessThan(mib(limits.memory));
    expect(mib(requests.memory)).toBeLessThanOrEqual(mib(limits.memory));
  });

  it('runs non-root on a read-only root filesystem without privileges (restricted Pod Security)', () => {
    expect(pod.spec.securityContext.runAsNonRoot).toBe(true);
    expect(pod.spec.securityContext.runAsUser).toBeGreaterThan(0);
    expect(pod.spec.securityContext.seccompProfile.type).toBe('RuntimeDefault');
    expect(pod.spec.automountServiceAccountToken).toBe(false);
    expect(container.securityContext).toMatchObject({
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    });
    // The only writable place: an emptyDir on /tmp.
    for (const mount of container.volumeMounts ?? [])
      expect(pod.spec.volumes.find((v: Any) => v.name === mount.name).emptyDir).toBeDefined();
  });

  it('scales with an autoscaling/v2 HPA on CPU, and a PodDisruptionBudget that still lets a node drain', () => {
    expect(hpa.apiVersion).toBe('autoscaling/v2');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    expect(hpa.spec.metrics.some((m: Any) => m.resource?.name === 'cpu')).toBe(true);
    expect(container.resources.requests.cpu).toBeDefined(); // utilization is relative to the request
    expect(pdb.apiVersion).toBe('policy/v1');
    expect(matches(pdb.spec.selector.matchLabels, pod.metadata.labels)).toBe(true);
    expect(pdb.spec.minAvailable).toBeLessThan(hpa.spec.minReplicas);
    expect(deployment.spec.replicas).toBe(hpa.spec.minReplicas);
  });

  it(deployable.api ? 'has a Service selecting its pods on the http port' : 'has no Service (no API)', () => {
    const service: Any = find(production, 'Service', name);
    if (!deployable.api) return expect(service).toBeUndefined();
    expect(matches(service.spec.selector, pod.metadata.labels)).toBe(true);
    expect(service.spec.ports.map((p: Any) => [p.name, p.targetPort])).toEqual([['http', 'http']]);
  });

  it('gets every variable its config schema requires in production, and the whole environment is a valid configuration', () => {
    const env = containerEnvironment(production, container, secretValues(production));
    const missing = requiredInProduction(deployable.schema).filter((key) => !env[key]);
    expect({ name, missing }).toEqual({ name, missing: [] });
    expect(configProblems(deployable.schema, env)).toEqual({});
    expect(env.NODE_ENV).toBe('production');
  });
});

describe('production: references and dependencies', () => {
  const secretKeys = (name: string): string[] => Object.keys(find(production, 'Secret', name)?.data ?? {});

  it('names only Secrets it generates (with the key) or that its operators write', () => {
    const mongo = find(production, 'MongoDBCommunity', 'mongodb');
    const operatorSecrets = new Set(mongo.spec.users.map((u: Any) => `mongodb-admin-${u.name}`));
    for (const d of all(production, 'Deployment'))
      for (const c of d.spec.template.spec.containers)
        for (const e of c.env ?? []) {
          const ref = e.valueFrom?.secretKeyRef;
          if (!ref) continue;
          if (operatorSecrets.has(ref.name)) expect(ref.key).toBe('connectionString.standard');
          else if (!ref.optional)
            expect({ env: e.name, secret: ref.name, key: secretKeys(ref.name).includes(ref.key) }).toEqual({
              env: e.name,
              secret: ref.name,
              key: true,
            });
        }
    for (const u of mongo.spec.users)
      expect(secretKeys(u.passwordSecretRef.name)).toContain(u.passwordSecretRef.key);
    expect(secretKeys(find(production, 'RedisFailover', 'sessions').spec.auth.secretPath)).toEqual([
      'password',
    ]);
    const rabbitUser = find(production, 'User', 'venture-roadmap');
    expect(secretKeys(rabbitUser.spec.importCredentialsSecret.name).sort()).toEqual(['password', 'username']);
  });

  it('runs MongoDB as a 3-member replica set, each service user allowed only its own database', () => {
    const mongo = find(production, 'MongoDBCommunity', 'mongodb');
    expect(mongo.spec.members).toBe(3);
    expect(mongo.spec.security.authentication.modes).toEqual(['SCRAM']);
    for (const [name] of Object.entries(DEPLOYABLES).filter(([n]) => n !== 'gateway')) {
      const user = mongo.spec.users.find((u: Any) => u.name === name);
      expect(user.roles).toEqual([{ name: 'readWrite', db: name }]);
    }
  });

  it('runs RabbitMQ as 3 replicas with quorum queues by default, and every deployable on that vhost', () => {
    const cluster = find(production, 'RabbitmqCluster', 'rabbitmq');
    expect(cluster.spec.replicas).toBe(3);
    expect(cluster.spec.rabbitmq.additionalConfig).toMatch(/^default_queue_type = quorum$/m);
    const vhost = find(production, 'Vhost', 'venture-roadmap');
    expect(vhost.spec.defaultQueueType).toBe('quorum');
    for (const d of all(production, 'Deployment')) {
      const url = d.spec.template.spec.containers[0].env.find((e: Any) => e.name === 'AMQP_URL').value;
      expect(url).toMatch(
        new RegExp(`@${cluster.metadata.name}\\.\\$\\(POD_NAMESPACE\\)\\.svc:5672/${vhost.spec.name}$`),
      );
    }
    const permission = find(production, 'Permission', 'venture-roadmap');
    expect(permission.spec.vhost).toBe(vhost.spec.name);
    expect(all(production, 'Policy').every((p) => p.spec.applyTo === 'quorum_queues')).toBe(true);
  });

  it('runs Redis with Sentinel failover, and the gateway finds the primary through the sentinels', () => {
    const redis = find(production, 'RedisFailover', 'sessions');
    expect(redis.spec.sentinel.replicas).toBe(3);
    expect(redis.spec.redis.replicas).toBeGreaterThanOrEqual(3);
    const gateway = find(production, 'Deployment', 'gateway').spec.template.spec.containers[0];
    const url = gateway.env.find((e: Any) => e.name === 'REDIS_URL').value;
    expect(url).toMatch(
      new RegExp(
        `^redis-sentinel://:\\$\\(REDIS_PASSWORD\\)@rfs-${redis.metadata.name}\\.\\$\\(POD_NAMESPACE\\)\\.svc:26379/mymaster$`,
      ),
    );
  });

  it('is reached only through an HTTPS Ingress to the gateway, with a cert-manager certificate for PUBLIC_URL', () => {
    const ingresses = all(production, 'Ingress');
    expect(ingresses).toHaveLength(1);
    const ingress = ingresses[0];
    expect(ingress.metadata.annotations['cert-manager.io/cluster-issuer']).toBeTruthy();
    const hosts = ingress.spec.rules.map((r: Any) => r.host);
    expect(ingress.spec.tls.flatMap((t: Any) => t.hosts)).toEqual(hosts);
    expect(ingress.spec.tls.every((t: Any) => t.secretName)).toBe(true);
    const publicUrl = new URL(find(production, 'ConfigMap', 'venture-roadmap-config').data.PUBLIC_URL);
    expect(publicUrl.protocol).toBe('https:');
    expect(hosts).toEqual([publicUrl.host]);
    for (const path of ingress.spec.rules.flatMap((r: Any) => r.http.paths)) {
      expect(path.backend.service.name).toBe('gateway');
      expect(find(production, 'Service', 'gateway').spec.ports.map((p: Any) => p.name)).toContain(
        path.backend.service.port.name,
      );
    }
    for (const s of all(production, 'Service')) expect(s.spec.type ?? 'ClusterIP').toBe('ClusterIP');
  });

  it('scrapes every deployable on a port its pods declare, the gateway on its private metrics port', () => {
    const gateway = find(production, 'Deployment', 'gateway').spec.template.spec.containers[0];
    const metricsPort = gateway.env.find((e: Any) => e.name === 'METRICS_PORT').value;
    expect(gateway.ports.find((p: Any) => p.name === 'metrics').containerPort).toBe(Number(metricsPort));
    const scraped = new Set<string>();
    for (const monitor of all(production, 'PodMonitor')) {
      const selected = all(production, 'Deployment').filter((d) => {
        const labels = d.spec.template.metadata.labels;
        const sel = monitor.spec.selector;
        return (
          matches(sel.matchLabels ?? {}, labels) &&
          (sel.matchExpressions ?? []).every(
            (e: Any) => e.operator === 'In' && e.values.includes(labels[e.key]),
          )
        );
      });
      for (const d of selected) {
        scraped.add(d.metadata.name);
        for (const endpoint of monitor.spec.podMetricsEndpoints)
          expect(d.spec.template.spec.containers[0].ports.map((p: Any) => p.name)).toContain(endpoint.port);
      }
    }
    expect([...scraped].sort()).toEqual(Object.keys(DEPLOYABLES).sort());
  });

  it('ships alerts that each carry a severity, a summary and a description, and that infra/README.md explains', () => {
    const guide = readFileSync(path.join(repoRoot, 'infra/README.md'), 'utf8');
    const rules = all(production, 'PrometheusRule').flatMap((r) =>
      r.spec.groups.flatMap((g: Any) => g.rules),
    );
    expect(rules.length).toBeGreaterThan(5);
    for (const rule of rules) {
      expect(['critical', 'warning', 'info']).toContain(rule.labels.severity);
      expect(rule.annotations.summary).toBeTruthy();
      expect(rule.annotations.description).toBeTruthy();
      expect({ alert: rule.alert, documented: guide.includes(rule.alert) }).toEqual({
        alert: rule.alert,
        documented: true,
      });
    }
  });
});
