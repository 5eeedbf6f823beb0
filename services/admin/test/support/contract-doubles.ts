import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { AppError, createServiceApp, listen, serverPort, type Logger } from '@app/common';

/*
 * Stand-ins for the internal endpoints of the venture and contact services, for as long as those services
 * are not on main: the SAME paths, identity check (createServiceApp: signed service identity required) and
 * answer shapes the admin service relies on (services/venture/src/routes/internal.routes.ts,
 * services/contact/src/routes/contact.routes.ts). They hold
 * their data in memory so tests can see a change forwarded by the admin service arrive.
 */

export interface Template {
  id: string;
  title: string;
  description: string;
  category: string;
  createdAt: string;
}

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

export async function startVentureDouble(
  secret: string,
  logger: Logger,
): Promise<RunningDouble & { templates: Template[]; stats: Record<string, number> }> {
  const templates: Template[] = [];
  const stats = { ventureCount: 3, taskCount: 150, completedTaskCount: 7 };
  const ventures = [{ id: 'v1', name: 'Solar kiosks', userId: 'u1', completionPercentage: 14 }];
  const find = (id: string) => {
    const template = templates.find((t) => t.id === id);
    if (!template) throw AppError.notFound('Task template not found', 'TEMPLATE.NOT_FOUND');
    return template;
  };
  const app = createServiceApp({
    name: 'venture',
    secret,
    logger,
    checks: {},
    routes: () => {},
    internalRoutes: (router) => {
      router.get('/stats', (_req, res) => void res.json(stats));
      router.get('/ventures', (_req, res) => void res.json(ventures));
      router.get('/task-templates', (_req, res) => void res.json(templates));
      router.post('/task-templates', (req, res) => {
        const body = req.body as Partial<Template>;
        if (typeof body.title !== 'string' || body.title.trim() === '')
          throw AppError.badRequest('Title is required', [{ path: ['title'], message: 'Title is required' }]);
        const template: Template = {
          id: randomUUID().replace(/-/g, '').slice(0, 24),
          title: body.title,
          description: body.description ?? '',
          category: body.category ?? '',
          createdAt: new Date().toISOString(),
        };
        templates.push(template);
        res.status(201).json(template);
      });
      router.patch('/task-templates/:id', (req, res) => {
        const template = find(req.params.id as string);
        Object.assign(template, req.body as Partial<Template>);
        res.json(template);
      });
      router.delete('/task-templates/:id', (req, res) => {
        const template = find(req.params.id as string);
        templates.splice(templates.indexOf(template), 1);
        res.json({ success: true });
      });
    },
  });
  const { server, url } = await serve(app);
  return { url, templates, stats, close: closer(server) };
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
