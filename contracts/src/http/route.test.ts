import { describe, expect, it } from '@jest/globals';
import { adminApi } from './admin.ts';
import { authApi, authInternalApi } from './auth.ts';
import { contactApi } from './contact.ts';
import { idListParam, internalRouterPath, pathOf, searchablePageQuery } from './route.ts';
import { ventureApi, ventureDetailSchema } from './venture.ts';

describe('route contracts', () => {
  it('builds paths with encoded parameters', () => {
    expect(pathOf(ventureApi.getVenture, { id: 'abc' })).toBe('/api/ventures/abc');
    expect(pathOf(adminApi.makeAdmin, { id: 'a/b' })).toBe('/api/admin/users/a%2Fb/make-admin');
    expect(pathOf(ventureApi.listVentures)).toBe('/api/ventures');
    expect(internalRouterPath(authInternalApi.getUser)).toBe('/users/:id');
    expect(() => internalRouterPath(authApi.getUser)).toThrow();
  });

  it('defaults to a 200 answer and no route-specific error codes', () => {
    expect(authApi.logout.status).toBe(200);
    expect(authApi.logout.errors).toEqual([]);
    expect(ventureApi.createVenture.status).toBe(201);
  });

  it('validates a venture body with the messages the form shows, trimmed, blurb defaulting to empty', () => {
    const body = ventureApi.createVenture.body;
    expect(body.parse({ name: '  Acme  ' })).toEqual({ name: 'Acme', blurb: '' });
    expect(body.parse({ name: 'Acme', blurb: null })).toEqual({ name: 'Acme', blurb: '' });
    const tooLong = body.safeParse({ name: 'x'.repeat(101) });
    expect(tooLong.error?.issues[0]?.message).toBe('Venture name must be 100 characters or less');
    const blurb = body.safeParse({ name: 'Acme', blurb: 'x'.repeat(141) });
    expect(blurb.error?.issues[0]?.message).toBe('Description must be 140 characters or less');
    expect(body.safeParse({ name: 'Acme', isAdmin: true }).success).toBe(false);
    expect(body.safeParse({ name: { $ne: null } }).success).toBe(false);
  });

  it('describes the venture answer exactly (progress included)', () => {
    const venture = {
      id: '65a1b2c3d4e5f60718293a4b',
      name: 'Acme',
      blurb: '',
      createdAt: '2026-11-25T08:00:00.000Z',
      userId: '65a1b2c3d4e5f60718293a4c',
      progress: { percentage: 0, total: 1, completed: 0, inProgress: 0, blocked: 0, todo: 1, categories: [] },
      role: 'owner',
      timeZone: 'Europe/Berlin',
      targetLaunchDate: null,
      members: [
        {
          userId: '65a1b2c3d4e5f60718293a4c',
          email: 'ada@example.com',
          displayName: 'Ada Lovelace',
          role: 'owner',
          joinedAt: '2026-11-25T08:00:00.000Z',
        },
      ],
      tasks: [
        {
          id: '65a1b2c3d4e5f60718293a4d',
          taskId: 1,
          title: 'Write a clear problem statement',
          description: '',
          category: 'Ideation & Market Research',
          status: 'todo',
          assigneeId: null,
          startDate: null,
          dueDate: '2026-12-01',
          completedAt: null,
          prerequisiteIds: [],
          verifiedBy: null,
          verifiedAt: null,
        },
      ],
      program: null,
      staffAccess: null,
      template: null,
    };
    expect(ventureDetailSchema.parse(venture)).toEqual(venture);
    expect(ventureDetailSchema.safeParse({ ...venture, progress: undefined }).success).toBe(false);
  });

  it('contact errors keep their own messages and the success answer its fixed shape', () => {
    const result = contactApi.send.body.safeParse({
      name: 'A',
      email: 'nope',
      subject: 'Hi',
      message: 'short',
    });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['name', 'Name must be at least 2 characters'],
      ['email', 'Please enter a valid email address'],
      ['subject', 'Subject must be at least 5 characters'],
      ['message', 'Message must be at least 10 characters'],
    ]);
    expect(contactApi.send.answer.safeParse({ success: true, message: 'Thanks' }).success).toBe(true);
  });

  it('a paged list takes cursor, limit (1-200, 50 by default) and a trimmed search, and refuses anything else', () => {
    expect(searchablePageQuery.parse({})).toEqual({ limit: 50 });
    expect(searchablePageQuery.parse({ limit: '200', cursor: 'abc', q: '  ada  ' })).toEqual({
      limit: 200,
      cursor: 'abc',
      q: 'ada',
    });
    for (const limit of ['0', '201', '1.5', 'ten'])
      expect(searchablePageQuery.safeParse({ limit }).error?.issues[0]?.message).toBe(
        'limit must be a whole number from 1 to 200',
      );
    expect(searchablePageQuery.safeParse({ q: 'x'.repeat(101) }).error?.issues[0]?.message).toBe(
      'Search text must be at most 100 characters',
    );
    expect(searchablePageQuery.safeParse({ q: ['a', 'b'] }).error?.issues[0]?.message).toBe(
      'Search text must be text',
    );
    expect(searchablePageQuery.safeParse({ offset: '10' }).success).toBe(false);
  });

  it('an id list parameter keeps each id once and refuses anything but ids', () => {
    const ids = idListParam('ids');
    const a = 'a'.repeat(24);
    const b = 'b'.repeat(24);
    expect(ids.parse(`${a},${b},${a},`)).toEqual([a, b]);
    expect(ids.safeParse(`${a},nope`).error?.issues[0]?.message).toBe('ids must be ids of 24 hex digits');
    expect(
      ids.safeParse(Array.from({ length: 201 }, (_, i) => i.toString(16).padStart(24, '0')).join(','))
        .success,
    ).toBe(false);
  });
});
