import { PROGRAM_VISIBILITY_LABELS, type ProgramVisibility, type VentureDetail } from '@app/contracts';
import { Alert, Button, Popconfirm, Radio } from 'antd';
import { failureText } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useLeaveProgram, useSetProgramVisibility } from '../api/cohort-mutations';

const STAFF_LABEL = { programManager: 'program staff', mentor: 'a mentor' } as const;

/**
 * On the venture page (issue 18): for program staff, what they are looking at (read-only, maybe progress
 * only); for the venture's owners, the program it is enrolled in, what the program sees (changeable) and
 * "Leave program".
 */
export function ProgramPanel({ venture }: { venture: VentureDetail }) {
  if (venture.staffAccess) {
    const { staffAccess } = venture;
    return (
      <Alert
        className="program-panel"
        type="info"
        showIcon
        data-testid="staff-notice"
        title={`You are viewing this venture as ${STAFF_LABEL[staffAccess.kind]}${venture.program ? ` in ${venture.program.programName}` : ''}.`}
        description={
          staffAccess.tasksVisible
            ? 'It is read-only for you.'
            : 'Its founders share their progress only: the tasks are not shown.'
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
  const notify = useNotify();
  const visibility = useSetProgramVisibility(program.programId, venture.id);
  const leave = useLeaveProgram(program.programId, venture.id);
  const change = async (value: ProgramVisibility) => {
    try {
      await visibility.mutateAsync(value);
      notify.success({ title: `The program now sees: ${PROGRAM_VISIBILITY_LABELS[value]}` });
    } catch (error) {
      notify.error({
        title: 'The choice could not be saved',
        description: failureText(error, 'Please try again.'),
      });
    }
  };
  const leaveProgram = async () => {
    try {
      await leave.mutateAsync();
      notify.success({ title: `You left ${program.programName}`, description: 'The venture stays yours.' });
    } catch (error) {
      notify.error({
        title: 'Leaving the program failed',
        description: failureText(error, 'Please try again.'),
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
        Program: {program.programName}
        <span className="program-panel__org"> · {program.organizationName}</span>
      </h2>
      <div className="program-panel__row">
        <span id="program-visibility-label">What the program sees</span>
        <Radio.Group
          aria-labelledby="program-visibility-label"
          value={program.visibility}
          disabled={visibility.isPending}
          onChange={(event) => void change(event.target.value as ProgramVisibility)}
          options={[
            { value: 'full', label: PROGRAM_VISIBILITY_LABELS.full },
            { value: 'progress', label: PROGRAM_VISIBILITY_LABELS.progress },
          ]}
          optionType="button"
        />
        <Popconfirm
          title="Leave this program?"
          description="Its staff and mentors lose access. The venture stays yours."
          okText="Leave program"
          cancelText="Stay"
          onConfirm={leaveProgram}
        >
          <Button danger loading={leave.isPending}>
            Leave program
          </Button>
        </Popconfirm>
      </div>
    </section>
  );
}
