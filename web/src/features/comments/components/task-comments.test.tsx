// What a task's Comments tab shows for given comments (issue 16), in English and in Spanish (issue 21); posting,
// editing and deleting are covered by the browser tests (web/e2e).
import { jest } from '@jest/globals';
import type { TaskComment, VentureMember } from '@app/contracts';
import { sessionUserQueryOptions } from '../../../entities/session-user/get-session-user';
import { activateLanguage } from '../../../i18n/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { renderStatic, textOf } from '../../../testing/static-render';
import { sessionUserFixture } from '../../../testing/fixtures';
import { commentsQueryOptions } from '../api/comments';

// The unit tests run without a bundler: the stylesheet is nothing to them.
jest.unstable_mockModule('../comments.css', () => ({}));
const { TaskComments } = await import('./task-comments');

const me = sessionUserFixture();
const members: VentureMember[] = [
  {
    userId: me.id,
    email: me.username,
    displayName: 'Jane Doe',
    role: 'editor',
    joinedAt: '2026-11-01T00:00:00.000Z',
  },
];
const comment: TaskComment = {
  id: 'c1',
  ventureId: 'v1',
  taskId: 't1',
  authorId: me.id,
  authorName: 'Jane Doe',
  body: 'Booked the notary for Friday.',
  mentionedIds: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  editedAt: '2026-11-20T11:00:00.000Z',
};

function render(comments: TaskComment[]): string {
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionUserQueryOptions().queryKey, me);
  queryClient.setQueryData(commentsQueryOptions('v1', 't1').queryKey, comments);
  return renderStatic(
    <TaskComments ventureId="v1" taskId="t1" role="editor" members={members} />,
    queryClient,
  );
}

describe('a task’s comments', () => {
  it('shows each comment with its author, marks an edited one, and offers its author Edit and Delete', () => {
    const html = render([comment]);
    const text = textOf(html);
    expect(text).toContain('Jane Doe');
    expect(text).toContain('(edited)');
    expect(text).toContain('Booked the notary for Friday.');
    expect(html).toContain('aria-label="Edit your comment"');
    expect(text).toContain('Write a comment');
  });

  it('when there are none, then it invites the first', () => {
    expect(textOf(render([]))).toContain('No comments yet. Start the conversation below.');
  });

  describe('in Spanish (issue 21)', () => {
    beforeEach(() => activateLanguage('es', false));
    afterEach(() => activateLanguage('en', false));

    it('frames the comments in Spanish and keeps their text', () => {
      const html = render([comment]);
      const text = textOf(html);
      expect(text).toContain('(editado)');
      expect(text).toContain('Booked the notary for Friday.');
      expect(html).toContain('aria-label="Editar tu comentario"');
      expect(html).toContain('placeholder="Escribe un comentario… Escribe @ para mencionar a un miembro."');
      expect(text).toContain('Comentar');
    });

    it('when there are none, then it invites the first in Spanish', () => {
      expect(textOf(render([]))).toContain('Todavía no hay comentarios. Empieza la conversación abajo.');
    });
  });
});
