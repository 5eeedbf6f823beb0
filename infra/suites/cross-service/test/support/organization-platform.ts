import { Browser, startPlatform as startServices, unique, type Reply } from '@app/testing';

export const SECRET = 'organization-test-internal-secret-0123456789';

export { Browser, unique, type Reply };

export interface Platform {
  base: string;
  /** A call straight to a service, signed as the given service (internal endpoints). */
  internal(
    target: 'auth' | 'organization',
    method: string,
    path: string,
    body?: unknown,
    as?: { svc: string } | { user: string | null },
  ): Promise<Reply>;
  close(): Promise<void>;
}

/** Auth and organization behind the real gateway (in-memory sessions, in-process bus), on free ports. */
export async function startPlatform(): Promise<Platform> {
  const platform = await startServices({ services: ['auth', 'organization'], secret: SECRET });
  return {
    base: platform.base,
    internal: (target, method, path, body, as = { svc: 'admin' }) =>
      platform.direct(target, method, path, as, body),
    close: () => platform.close(),
  };
}
