import {
  LIMITS,
  canModifyComment,
  type TaskComment,
  type VentureMember,
  type VentureRole,
} from '@app/contracts';
import { Alert, App, Button, Mentions, Skeleton } from 'antd';
import { useId, useMemo, useState } from 'react';
import { useSessionUser } from '../../../entities/session-user/get-session-user';
import { useT } from '../../../i18n/i18n';
import { failureText } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { formatDateTime, formatRelativeTime } from '../../../lib/relative-time';
import { TOAST_SECONDS } from '../../../lib/toast-options';
import { useComments, useCreateComment, useDeleteComment, useUpdateComment } from '../api/comments';
import { mentionHandlesOf, splitMentions } from '../mentions';
import '../comments.css';

const MAX = LIMITS.comment.body.max;

/** The counter under a comment box, e.g. '12/5000'. */
export function commentCounterText(length: number): string {
  return `${length}/${MAX}`;
}

interface TaskCommentsProps {
  ventureId: string;
  taskId: string;
  /** The signed-in member's role: every member may comment; editing and deleting is the author's. */
  role: VentureRole;
  /** Who can be @mentioned. */
  members: readonly VentureMember[];
}

/**
 * A task's comments (issue 16): the list, oldest first, and a box to write one (plain text, at most 5,000
 * characters, `@` suggests members). Authors edit and delete their own.
 */
export function TaskComments({ ventureId, taskId, role, members }: TaskCommentsProps) {
  const t = useT();
  const comments = useComments(ventureId, taskId);
  const handles = useMemo(() => mentionHandlesOf(members), [members]);

  let list;
  if (comments.isPending) {
    list = (
      <div role="status" aria-live="polite">
        <span className="visually-hidden">{t('Loading the comments')}</span>
        <Skeleton active avatar paragraph={{ rows: 2 }} title={false} />
      </div>
    );
  } else if (comments.isError) {
    list = (
      <Alert
        type="error"
        showIcon
        title={t('The comments could not be loaded.')}
        description={failureText(comments.error, t('Please try again.'))}
        action={
          <Button size="small" onClick={() => void comments.refetch()} loading={comments.isFetching}>
            {t('Try again')}
          </Button>
        }
      />
    );
  } else if (comments.data.length === 0) {
    list = <p className="task-comments__empty">{t('No comments yet. Start the conversation below.')}</p>;
  } else {
    list = (
      <ol className="task-comments__list" aria-label={t('Comments')} data-testid="comment-list">
        {comments.data.map((comment) => (
          <CommentItem
            key={comment.id}
            comment={comment}
            ventureId={ventureId}
            taskId={taskId}
            role={role}
            members={members}
            handles={handles}
          />
        ))}
      </ol>
    );
  }

  return (
    <div className="task-comments">
      {list}
      <NewComment ventureId={ventureId} taskId={taskId} members={members} />
    </div>
  );
}

interface CommentItemProps {
  comment: TaskComment;
  ventureId: string;
  taskId: string;
  role: VentureRole;
  members: readonly VentureMember[];
  handles: readonly string[];
}

function CommentItem({ comment, ventureId, taskId, role, members, handles }: CommentItemProps) {
  const t = useT();
  const { modal } = App.useApp();
  const notify = useNotify();
  const { data: user } = useSessionUser();
  const [editing, setEditing] = useState(false);
  const update = useUpdateComment(ventureId, taskId);
  const removal = useDeleteComment(ventureId, taskId);
  const mine = user !== null && user !== undefined && canModifyComment(role, user.id, comment.authorId);

  const save = async (body: string) => {
    try {
      await update.mutateAsync({ commentId: comment.id, body });
    } catch (error) {
      notify.error({
        title: t('Could not save the comment'),
        description: failureText(error, t('Please try again.')),
        duration: TOAST_SECONDS.long,
      });
      return;
    }
    setEditing(false);
  };

  const confirmDelete = () =>
    modal.confirm({
      title: t('Delete this comment?'),
      content: t('It will be removed for every member. This cannot be undone.'),
      okText: t('Delete'),
      okButtonProps: { danger: true },
      cancelText: t('Cancel'),
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          await removal.mutateAsync(comment.id);
        } catch (error) {
          notify.error({
            title: t('Could not delete the comment'),
            description: failureText(error, t('Please try again.')),
            duration: TOAST_SECONDS.long,
          });
        }
      },
    });

  return (
    <li className="task-comment" data-testid="comment">
      <div className="task-comment__meta">
        <span className="task-comment__author">{comment.authorName}</span>
        <time dateTime={comment.createdAt} title={formatDateTime(comment.createdAt)}>
          {formatRelativeTime(comment.createdAt)}
        </time>
        {comment.editedAt ? <span className="task-comment__edited">{t('(edited)')}</span> : null}
      </div>
      {editing ? (
        <CommentEditor
          label={t('Edit your comment')}
          initialValue={comment.body}
          members={members}
          pending={update.isPending}
          submitLabel={t('Save')}
          onSubmit={save}
          onCancel={() => setEditing(false)}
          autoFocus
        />
      ) : (
        <p className="task-comment__body">
          {splitMentions(comment.body, handles).map((segment, index) =>
            segment.kind === 'mention' ? (
              <strong key={index} className="task-comment__mention">
                {segment.text}
              </strong>
            ) : (
              <span key={index}>{segment.text}</span>
            ),
          )}
        </p>
      )}
      {mine && !editing ? (
        <div className="task-comment__actions">
          <Button
            size="small"
            type="link"
            onClick={() => setEditing(true)}
            aria-label={t('Edit your comment')}
          >
            {t('Edit')}
          </Button>
          <Button
            size="small"
            type="link"
            danger
            onClick={confirmDelete}
            loading={removal.isPending}
            aria-label={t('Delete your comment')}
          >
            {t('Delete')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function NewComment({
  ventureId,
  taskId,
  members,
}: {
  ventureId: string;
  taskId: string;
  members: readonly VentureMember[];
}) {
  const t = useT();
  const notify = useNotify();
  const create = useCreateComment(ventureId, taskId);
  // A new editor after each comment: the box starts empty again.
  const [round, setRound] = useState(0);

  const send = async (body: string) => {
    try {
      await create.mutateAsync(body);
    } catch (error) {
      notify.error({
        title: t('Could not post the comment'),
        description: failureText(error, t('Please try again.')),
        duration: TOAST_SECONDS.long,
      });
      return;
    }
    setRound((current) => current + 1);
  };

  return (
    <CommentEditor
      key={round}
      label={t('Write a comment')}
      initialValue=""
      members={members}
      pending={create.isPending}
      submitLabel={t('Comment')}
      onSubmit={send}
    />
  );
}

interface CommentEditorProps {
  /** Translated, as `submitLabel`. */
  label: string;
  initialValue: string;
  members: readonly VentureMember[];
  pending: boolean;
  submitLabel: string;
  onSubmit: (body: string) => Promise<void>;
  onCancel?: () => void;
  autoFocus?: boolean;
}

function CommentEditor({
  label,
  initialValue,
  members,
  pending,
  submitLabel,
  onSubmit,
  onCancel,
  autoFocus = false,
}: CommentEditorProps) {
  const t = useT();
  const id = useId();
  const [value, setValue] = useState(initialValue);
  const length = value.trim().length;
  const tooLong = length > MAX;
  const options = useMemo(
    () =>
      members.map((member) => ({
        value: member.email,
        label: member.displayName === member.email ? member.email : `${member.displayName} (${member.email})`,
      })),
    [members],
  );

  return (
    <form
      className="task-comment-editor"
      onSubmit={(event) => {
        event.preventDefault();
        if (length === 0 || tooLong || pending) return;
        void onSubmit(value.trim());
      }}
    >
      <label htmlFor={id} className="task-comment-editor__label">
        {label}
      </label>
      <Mentions
        id={id}
        value={value}
        onChange={setValue}
        options={options}
        prefix="@"
        autoSize={{ minRows: 2, maxRows: 8 }}
        placeholder={t('Write a comment… Type @ to mention a member.')}
        disabled={pending}
        autoFocus={autoFocus}
        status={tooLong ? 'error' : undefined}
        aria-describedby={`${id}-count`}
      />
      <div className="task-comment-editor__footer">
        <span
          id={`${id}-count`}
          className={
            tooLong
              ? 'task-comment-editor__count task-comment-editor__count--over'
              : 'task-comment-editor__count'
          }
          data-testid="comment-counter"
        >
          {commentCounterText(length)}
          {tooLong ? (
            <span className="visually-hidden">
              {' '}
              {t('A comment must be {max} characters or less.', { max: MAX })}
            </span>
          ) : null}
        </span>
        <div className="task-comment-editor__buttons">
          {onCancel ? (
            <Button onClick={onCancel} disabled={pending}>
              {t('Cancel')}
            </Button>
          ) : null}
          <Button type="primary" htmlType="submit" loading={pending} disabled={length === 0 || tooLong}>
            {submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
