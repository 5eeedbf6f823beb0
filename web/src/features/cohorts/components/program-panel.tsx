import type { ProgramVisibility, StaffAccessKind, VentureDetail } from '@app/contracts';
import { Alert, Button, Popconfirm, Radio } from 'antd';
import { msg, useT } from '../../../i18n/i18n';
import { failureText } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useLeaveProgram, useSetProgramVisibility } from '../api/cohort-mutations';
import { VISIBILITY_NAMES } from '../cohort-view';

/** What program staff are told they are, whole sentences (the role reads differently inside each language). */
const STAFF_NOTICE: Readonly<Record<StaffAccessKind, { inProgram: string; alone: string }>> = {
  programManager: {
    inProgram: msg('You are viewing this venture as program staff in {program}.'),
    alone: msg('You are viewing this venture as program staff.'),
  },
  mentor: {
    inProgram: msg('You are viewing this venture as a mentor in {program}.'),
    alone: msg('You are viewing this venture as a mentor.'),
  },
};

/**
 * On the venture page (issue 18): for program staff, what they are looking at (read-only, maybe progress
 * only); for the venture's owners, the program it is enrolled in, what the program sees (changeable) and
 * "Leave program".
 */
export function ProgramPanel({ venture }: { venture: VentureDetail }) {
  const t = useT();
  if (venture.staffAccess) {
    const { staffAccess } = venture;
    const notice = STAFF_NOTICE[staffAccess.kind];
    return (
      <Alert
        className="program-panel"
        type="info"
        showIcon
        data-testid="staff-notice"
        title={
          venture.program ? t(notice.inProgram, { program: venture.program.programName }) : t(notice.alone)
        }
        description={
          staffAccess.tasksVisible
            ? t('It is read-only for you.')
            : t('Its founders share their progress only: the tasks are not shown.')
        }
      />
    );
  }
  if (!venture.program || venture.role !== 'owner') return null;
  return <OwnerProgramPanel venture={venture} program={venture.program} />;
}

function OwnerProgramPanel({
  venture,
  program,
}: {
  venture: VentureDetail;
  program: NonNullable<VentureDetail['program']>;
}) {
  const t = useT();
  const notify = useNotify();
  const visibility = useSetProgramVisibility(program.programId, venture.id);
  const leave = useLeaveProgram(program.programId, venture.id);
  const change = async (value: ProgramVisibility) => {
    try {
      await visibility.mutateAsync(value);
      notify.success({
        title: t('The program now sees: {visibility}', { visibility: t(VISIBILITY_NAMES[value]) }),
      });
    } catch (error) {
      notify.error({
        title: t('The choice could not be saved'),
        description: failureText(error, t('Please try again.')),
      });
    }
  };
  const leaveProgram = async () => {
    try {
      await leave.mutateAsync();
      notify.success({
        title: t('You left {program}', { program: program.programName }),
        description: t('The venture stays yours.'),
      });
    } catch (error) {
      notify.error({
        title: t('Leaving the program failed'),
        description: failureText(error, t('Please try again.')),
      });
    }
  };
  return (
    <section
      className="program-panel program-panel--owner"
      aria-labelledby="program-panel-title"
      data-testid="program-panel"
    >
      <h2 id="program-panel-title" className="program-panel__title">
        {t('Program: {program}', { program: program.programName })}
        <span className="program-panel__org"> · {program.organizationName}</span>
      </h2>
      <div className="program-panel__row">
        <span id="program-visibility-label">{t('What the program sees')}</span>
        <Radio.Group
          aria-labelledby="program-visibility-label"
          value={program.visibility}
          disabled={visibility.isPending}
          onChange={(event) => void change(event.target.value as ProgramVisibility)}
          options={[
            { value: 'full', label: t(VISIBILITY_NAMES.full) },
            { value: 'progress', label: t(VISIBILITY_NAMES.progress) },
          ]}
          optionType="button"
        />
        <Popconfirm
          title={t('Leave this program?')}
          description={t('Its staff and mentors lose access. The venture stays yours.')}
          okText={t('Leave program')}
          cancelText={t('Stay')}
          onConfirm={leaveProgram}
        >
          <Button danger loading={leave.isPending}>
            {t('Leave program')}
          </Button>
        </Popconfirm>
      </div>
    </section>
  );
}
