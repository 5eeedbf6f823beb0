import type { Server } from 'node:http';
import { createServiceApp, listen, serverPort, type Logger } from '@app/common';

/*
 * A stand-in for the contact service's internal endpoint, for as long as that service is not on main: the
 * SAME path, identity check (createServiceApp: signed service identity required) and answer shape the admin
 * service relies on (services/contact/src/routes/contact.routes.ts, `internalContactRoutes`).
 */

export interface RunningDouble {
  url: string;
  close(): Promise<void>;
}

async function serve(app: ReturnType<typeof createServiceApp>): Promise<{ server: Server; url: string }> {
  const server = await listen(app, 0, '127.0.0.1');
  return { server, url: `http://127.0.0.1:${serverPort(server)}` };
}

function closer(server: Server): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}

export async function startContactDouble(
  secret: string,
  logger: Logger,
): Promise<RunningDouble & { messages: Array<Record<string, unknown>> }> {
  const messages: Array<Record<string, unknown>> = [
    {
      id: 'm1',
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Enterprise Inquiry from Acme',
      message: 'Organization: Acme',
      createdAt: new Date().toISOString(),
    },
  ];
  const app = createServiceApp({
    name: 'contact',
    secret,
    logger,
    checks: {},
    routes: () => {},
    internalRoutes: (router) => {
      // Newest first, paged (services/contact/src/routes/contact.routes.ts).
      router.get('/contact-messages', (req, res) => {
        const limit = Number(req.query.limit ?? 50);
        const offset = Number(req.query.offset ?? 0);
        res.json({ messages: messages.slice(offset, offset + limit), total: messages.length });
      });
    },
  });
  const { server, url } = await serve(app);
  return { url, messages, close: closer(server) };
}
