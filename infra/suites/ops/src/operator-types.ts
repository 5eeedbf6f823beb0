// The custom resources of the operators infra/deploy/k8s relies on, as TypeScript types: the fields of their API
// types (the operators' CRDs are not vendored here) that these manifests may use. The ops tests
// type-check every rendered custom resource against them, so an unknown or misspelt field, a missing
// required one or a wrong type fails — a structural check, not the operators' full validation.
import type { IObjectMeta as ObjectMeta } from '@kubernetes-models/apimachinery/apis/meta/v1/ObjectMeta';
import type { IResourceRequirements as ResourceRequirements } from 'kubernetes-models/v1/ResourceRequirements';
import type { IPersistentVolumeClaimSpec as PersistentVolumeClaimSpec } from 'kubernetes-models/v1/PersistentVolumeClaimSpec';
import type { IPodTemplateSpec as PodTemplateSpec } from 'kubernetes-models/v1/PodTemplateSpec';
import type { IToleration as Toleration } from 'kubernetes-models/v1/Toleration';
import type { IAffinity as Affinity } from 'kubernetes-models/v1/Affinity';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** mongodbcommunity.mongodb.com/v1 MongoDBCommunity (MongoDB Community Operator). */
export interface MongoDBCommunity {
  apiVersion: 'mongodbcommunity.mongodb.com/v1';
  kind: 'MongoDBCommunity';
  metadata: ObjectMeta;
  spec: {
    members: number;
    type: 'ReplicaSet';
    version: string;
    arbiters?: number;
    featureCompatibilityVersion?: string;
    replicaSetHorizons?: Array<Record<string, string>>;
    security: {
      authentication?: {
        modes: Array<'SCRAM' | 'SCRAM-SHA-256' | 'SCRAM-SHA-1'>;
        ignoreUnknownUsers?: boolean;
      };
      tls?: {
        enabled: boolean;
        optional?: boolean;
        certificateKeySecretRef?: { name: string };
        caConfigMapRef?: { name: string };
      };
      roles?: Json[];
    };
    users: Array<{
      name: string;
      db?: string;
      passwordSecretRef: { name: string; key?: string };
      roles: Array<{ name: string; db: string }>;
      scramCredentialsSecretName: string;
      connectionStringSecretName?: string;
    }>;
    additionalMongodConfig?: Record<string, Json>;
    /** Merged into the operator's StatefulSet. */
    statefulSet?: {
      spec: {
        template?: Omit<PodTemplateSpec, 'spec'> & {
          spec?: { containers?: Array<{ name: string; resources?: ResourceRequirements }> } & Record<
            string,
            unknown
          >;
        };
        volumeClaimTemplates?: Array<{ metadata: { name: string }; spec: PersistentVolumeClaimSpec }>;
      };
    };
  };
}

interface RabbitmqClusterReference {
  name: string;
  namespace?: string;
}

/** rabbitmq.com/v1beta1 RabbitmqCluster (RabbitMQ Cluster Operator). */
export interface RabbitmqCluster {
  apiVersion: 'rabbitmq.com/v1beta1';
  kind: 'RabbitmqCluster';
  metadata: ObjectMeta;
  spec: {
    replicas?: number;
    image?: string;
    resources?: ResourceRequirements;
    persistence?: { storage?: string; storageClassName?: string };
    rabbitmq?: {
      additionalConfig?: string;
      advancedConfig?: string;
      envConfig?: string;
      additionalPlugins?: string[];
    };
    service?: { type?: 'ClusterIP' | 'LoadBalancer' | 'NodePort'; annotations?: Record<string, string> };
    tls?: { secretName?: string; caSecretName?: string; disableNonTLSListeners?: boolean };
    affinity?: Affinity;
    tolerations?: Toleration[];
    terminationGracePeriodSeconds?: number;
    delayStartSeconds?: number;
    skipPostDeploySteps?: boolean;
  };
}

/** rabbitmq.com/v1beta1 Vhost (Messaging Topology Operator). */
export interface Vhost {
  apiVersion: 'rabbitmq.com/v1beta1';
  kind: 'Vhost';
  metadata: ObjectMeta;
  spec: {
    name: string;
    tracing?: boolean;
    tags?: string[];
    defaultQueueType?: 'quorum' | 'classic' | 'stream';
    rabbitmqClusterReference: RabbitmqClusterReference;
  };
}

/** rabbitmq.com/v1beta1 User (Messaging Topology Operator). */
export interface User {
  apiVersion: 'rabbitmq.com/v1beta1';
  kind: 'User';
  metadata: ObjectMeta;
  spec: {
    tags?: Array<'management' | 'policymaker' | 'monitoring' | 'administrator'>;
    /** A Secret with the keys `username` and `password`. */
    importCredentialsSecret?: { name: string };
    rabbitmqClusterReference: RabbitmqClusterReference;
  };
}

/** rabbitmq.com/v1beta1 Permission (Messaging Topology Operator). */
export interface Permission {
  apiVersion: 'rabbitmq.com/v1beta1';
  kind: 'Permission';
  metadata: ObjectMeta;
  spec: {
    vhost: string;
    user?: string;
    userReference?: { name: string };
    permissions: { configure?: string; write?: string; read?: string };
    rabbitmqClusterReference: RabbitmqClusterReference;
  };
}

/** rabbitmq.com/v1beta1 Policy (Messaging Topology Operator). */
export interface Policy {
  apiVersion: 'rabbitmq.com/v1beta1';
  kind: 'Policy';
  metadata: ObjectMeta;
  spec: {
    name: string;
    vhost?: string;
    pattern: string;
    applyTo?: 'queues' | 'classic_queues' | 'quorum_queues' | 'streams' | 'exchanges' | 'all';
    priority?: number;
    definition: Record<string, Json>;
    rabbitmqClusterReference: RabbitmqClusterReference;
  };
}

/** databases.spotahome.com/v1 RedisFailover (Spotahome redis-operator). */
export interface RedisFailover {
  apiVersion: 'databases.spotahome.com/v1';
  kind: 'RedisFailover';
  metadata: ObjectMeta;
  spec: {
    redis: {
      replicas?: number;
      image?: string;
      resources?: ResourceRequirements;
      customConfig?: string[];
      storage?: {
        keepAfterDeletion?: boolean;
        persistentVolumeClaim?: { metadata: { name: string }; spec: PersistentVolumeClaimSpec };
      };
      affinity?: Affinity;
      tolerations?: Toleration[];
    };
    sentinel: {
      replicas?: number;
      image?: string;
      resources?: ResourceRequirements;
      customConfig?: string[];
      affinity?: Affinity;
      tolerations?: Toleration[];
    };
    /** A Secret whose key `password` is the data nodes' password. */
    auth?: { secretPath: string };
  };
}

/** Where each custom resource's type is declared, by `apiVersion/kind`. */
export const OPERATOR_TYPES: Record<string, string> = {
  'mongodbcommunity.mongodb.com/v1/MongoDBCommunity': 'MongoDBCommunity',
  'rabbitmq.com/v1beta1/RabbitmqCluster': 'RabbitmqCluster',
  'rabbitmq.com/v1beta1/Vhost': 'Vhost',
  'rabbitmq.com/v1beta1/User': 'User',
  'rabbitmq.com/v1beta1/Permission': 'Permission',
  'rabbitmq.com/v1beta1/Policy': 'Policy',
  'databases.spotahome.com/v1/RedisFailover': 'RedisFailover',
};
