import { Button, Modal } from 'antd';
import { useT } from '../../../i18n/i18n';
import type { Waiting } from '../pages/venture-roadmap-page';
import { waitingOnMessage } from '../plan-messages';

interface WaitingDialogProps {
  /** The task "Mark Complete" was refused for and what it waits on; null while closed. */
  waiting: Waiting | null;
  onClose: () => void;
  /** Opens that prerequisite's drawer (the dialog closes first). */
  onOpenTask: (taskId: string) => void;
}

/** "{title} cannot be completed yet" (issue 17): the open prerequisites, each a button to its drawer. */
export function WaitingDialog({ waiting, onClose, onOpenTask }: WaitingDialogProps) {
  const t = useT();
  return (
    <Modal
      open={waiting !== null}
      title={waiting ? t('{title} cannot be completed yet', { title: waiting.task.title }) : undefined}
      onCancel={onClose}
      // A double click on "Mark Complete" must not close it again at once through its mask.
      mask={{ closable: false }}
      footer={<Button onClick={onClose}>{t('Close')}</Button>}
    >
      {waiting ? (
        <div data-testid="waiting-on">
          <p>{waitingOnMessage(waiting.open)}</p>
          <p>{t('Complete these first; you can keep working on this task meanwhile.')}</p>
          <ul className="waiting-on__list">
            {waiting.open.map((open) => (
              <li key={open.id}>
                <Button onClick={() => onOpenTask(open.id)} aria-haspopup="dialog">
                  {t('Open {title}', { title: open.title })}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Modal>
  );
}
