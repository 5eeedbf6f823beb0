import { PlusOutlined } from '@ant-design/icons';
import { riskReasonText, type Program, type Workspace } from '@app/contracts';
import { Button, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { failureText } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useUpdateProgram } from '../api/workspace-mutations';
import { usePrograms } from '../api/workspace-queries';
import { ProgramForm } from './program-form';
import { ScrollRegion, TableCaption, WorkspaceSection } from './workspace-section';

/** The program's rules in words ("no activity for 14 days · 3 tasks overdue · …"). */
function rulesText(program: Program): string {
  const { inactivityDays, overdueTasks, blockedDays, belowMedianPoints } = program.riskRules;
  const parts = [
    inactivityDays === null ? null : riskReasonText({ kind: 'inactive', value: inactivityDays }),
    overdueTasks === null ? null : riskReasonText({ kind: 'overdue', value: overdueTasks }),
    blockedDays === null ? null : riskReasonText({ kind: 'blocked', value: blockedDays }),
    belowMedianPoints === null ? null : riskReasonText({ kind: 'belowMedian', value: belowMedianPoints }),
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' · ') : 'No at-risk rules';
}

/** The organization's programs; org admins create, edit and archive them. */
export function ProgramsTab({ slug, workspace }: { slug: string; workspace: Workspace }) {
  const programs = usePrograms(slug);
  const manage = workspace.permissions.managePrograms;
  const [editing, setEditing] = useState<Program | 'new' | null>(null);
  const archive = useUpdateProgram(slug);
  const notify = useNotify();

  const onArchive = async (program: Program) => {
    try {
      await archive.mutateAsync({ programId: program.id, changes: { archived: true } });
    } catch (error) {
      notify.error({
        title: 'Could not archive the program',
        description: failureText(error, 'Please try again.'),
      });
      return;
    }
    notify.success({ title: 'Program archived', description: program.name });
  };

  const columns: TableColumnsType<Program> = [
    {
      title: 'Program',
      dataIndex: 'name',
      render: (name: string, program) => (
        <Space size={4} wrap>
          <span>{name}</span>
          {program.registrationOpen ? <Tag color="blue">Open for registration</Tag> : null}
          {program.archived ? <Tag>Archived</Tag> : null}
        </Space>
      ),
    },
    { title: 'Dates', key: 'dates', render: (_v, p) => `${p.startDate} – ${p.endDate}` },
    { title: 'Founders', dataIndex: 'enrolledCount' },
    {
      title: 'Template',
      dataIndex: 'templateVersion',
      render: (version: number | null) => (version === null ? 'Standard 50 tasks' : `Version ${version}`),
    },
    { title: 'At risk when', key: 'rules', render: (_v, p) => rulesText(p) },
    ...(manage
      ? [
          {
            title: 'Actions',
            key: 'actions',
            render: (_v: unknown, program: Program) => (
              <Space>
                <Button size="small" onClick={() => setEditing(program)} aria-label={`Edit ${program.name}`}>
                  Edit
                </Button>
                {program.archived ? null : (
                  <Popconfirm
                    title={`Archive ${program.name}?`}
                    description="It keeps its data but takes no more enrolments."
                    okText="Archive"
                    onConfirm={() => onArchive(program)}
                    okButtonProps={{ loading: archive.isPending }}
                  >
                    <Button size="small" danger aria-label={`Archive ${program.name}`}>
                      Archive
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <WorkspaceSection
      id="workspace-programs"
      title="Programs"
      error={programs.error}
      onRetry={() => void programs.refetch()}
      actions={
        manage ? (
          <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing('new')}>
            New program
          </Button>
        ) : null
      }
    >
      <ScrollRegion label="Programs table">
        <Table<Program>
          rowKey="id"
          caption={<TableCaption>The organization's programs, active first</TableCaption>}
          columns={columns}
          dataSource={programs.data ?? []}
          loading={programs.isPending}
          pagination={false}
          locale={{ emptyText: manage ? 'No programs yet. Create the first one.' : 'No programs yet' }}
        />
      </ScrollRegion>
      {editing !== null ? (
        <ProgramForm
          slug={slug}
          program={editing === 'new' ? null : editing}
          open
          onClose={() => setEditing(null)}
        />
      ) : null}
    </WorkspaceSection>
  );
}
