import type { VentureDetail, VentureTask } from '@app/contracts';
import { Button } from 'antd';
import { useT } from '../../../i18n/i18n';
import { failureText } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useTaskVerification } from '../api/cohort-mutations';

/** In the task drawer (issue 18): an assigned mentor verifies a done task, or takes the verification back. */
export function TaskVerification({ venture, task }: { venture: VentureDetail; task: VentureTask }) {
  const t = useT();
  const verification = useTaskVerification(venture.id, task.id);
  const notify = useNotify();
  if (!venture.staffAccess?.canVerify || task.status !== 'done') return null;
  const verified = task.verifiedBy !== null;
  const toggle = async () => {
    try {
      await verification.mutateAsync(!verified);
      notify.success({ title: verified ? t('Verification removed') : t('Task verified') });
    } catch (error) {
      notify.error({
        title: t('The verification could not be saved'),
        description: failureText(error, t('Please try again.')),
      });
    }
  };
  return (
    <div className="task-verification">
      {verified ? <span>{t('Verified by {name}', { name: task.verifiedBy!.displayName })}</span> : null}
      <Button
        size="small"
        type={verified ? 'default' : 'primary'}
        loading={verification.isPending}
        onClick={toggle}
      >
        {verified ? t('Remove verification') : t('Verify')}
      </Button>
    </div>
  );
}
