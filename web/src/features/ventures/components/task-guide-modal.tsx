import { BulbOutlined } from '@ant-design/icons';
import type { TaskGuide } from '@app/contracts';
import { Button, Modal } from 'antd';
import { useId } from 'react';

/** A task's built-in guide: why it matters, practices and a pro tip (the modal's and the task drawer's body). */
export function TaskGuideContent({ guide }: { guide: TaskGuide & { localResources?: string } }) {
  const id = useId();
  return (
    <div className="task-guide" data-testid="task-guide">
      <p className="task-guide__category">{guide.category}</p>
      <section className="task-guide__section" aria-labelledby={`${id}-why`}>
        <h3 id={`${id}-why`}>Why it matters</h3>
        <p>{guide.why}</p>
      </section>
      <section className="task-guide__section" aria-labelledby={`${id}-practices`}>
        <h3 id={`${id}-practices`}>Best practices</h3>
        <ol className="task-guide__practices">
          {guide.practices.map((practice) => (
            <li key={practice}>{practice}</li>
          ))}
        </ol>
      </section>
      {guide.proTip ? (
        <section className="task-guide__section task-guide__tip" aria-labelledby={`${id}-tip`}>
          <h3 id={`${id}-tip`}>
            <BulbOutlined aria-hidden="true" /> Pro tip
          </h3>
          <p>{guide.proTip}</p>
        </section>
      ) : null}
      {guide.localResources ? (
        <section className="task-guide__section task-guide__local" aria-labelledby={`${id}-local`}>
          <h3 id={`${id}-local`}>From your program</h3>
          <p className="task-guide__local-text">{guide.localResources}</p>
        </section>
      ) : null}
    </div>
  );
}

interface TaskGuideModalProps {
  guide: TaskGuide | null;
  onClose: () => void;
}

/** A task's built-in guide (spec §2 "Venture Roadmap"): why it matters, practices and a pro tip. */
export function TaskGuideModal({ guide, onClose }: TaskGuideModalProps) {
  return (
    <Modal
      open={guide !== null}
      onCancel={onClose}
      title={guide?.title}
      width={640}
      footer={
        <Button type="primary" onClick={onClose}>
          Close
        </Button>
      }
      destroyOnHidden
    >
      {guide ? <TaskGuideContent guide={guide} /> : null}
    </Modal>
  );
}
