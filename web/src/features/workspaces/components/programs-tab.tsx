import { PlusOutlined } from '@ant-design/icons';
import type { Program, Workspace } from '@app/contracts';
import { Button, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { riskReasonLabel } from '../../../entities/program/risk-reason-label';
import { translate, useT } from '../../../i18n/i18n';
import { failureText } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useUpdateProgram } from '../api/workspace-mutations';
import { usePrograms } from '../api/workspace-queries';
import { ProgramForm } from './program-form';
import { ScrollRegion, TableCaption, WorkspaceSection } from './workspace-section';

/** The program's rules in words ("no activity for 14 days · 3 tasks overdue · …"), in the active language. */
function rulesText(program: Program): string {
  const { inactivityDays, overdueTasks, blockedDays, belowMedianPoints } = program.riskRules;
  const parts = [
    inactivityDays === null ? null : riskReasonLabel({ kind: 'inactive', value: inactivityDays }),
    overdueTasks === null ? null : riskReasonLabel({ kind: 'overdue', value: overdueTasks }),
    blockedDays === null ? null : riskReasonLabel({ kind: 'blocked', value: blockedDays }),
    belowMedianPoints === null ? null : riskReasonLabel({ kind: 'belowMedian', value: belowMedianPoints }),
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' · ') : translate('No at-risk rules');
}

/** The organization's programs; org admins create, edit and archive them. */
export function ProgramsTab({ slug, workspace }: { slug: string; workspace: Workspace }) {
  const t = useT();
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
        title: t('Could not archive the program'),
        description: failureText(error, t('Please try again.')),
      });
      return;
    }
    notify.success({ title: t('Program archived'), description: program.name });
  };

  const columns: TableColumnsType<Program> = [
    {
      title: t('Program'),
      dataIndex: 'name',
      render: (name: string, program) => (
        <Space size={4} wrap>
          {/* The cohort dashboard: every role that sees this tab (viewPrograms) may open it. */}
          <Link
            to={paths.program.getHref(program.id)}
            aria-label={t('Open the cohort dashboard of {program}', { program: name })}
          >
            {name}
          </Link>
          {program.registrationOpen ? <Tag color="blue">{t('Open for registration')}</Tag> : null}
          {program.archived ? <Tag>{t('Archived')}</Tag> : null}
        </Space>
      ),
    },
    { title: t('Dates'), key: 'dates', render: (_v, p) => `${p.startDate} – ${p.endDate}` },
    { title: t('Founders'), dataIndex: 'enrolledCount' },
    {
      title: t('Template'),
      dataIndex: 'templateVersion',
      render: (version: number | null) =>
        version === null ? t('Standard 50 tasks') : t('Version {version}', { version }),
    },
    { title: t('At risk when'), key: 'rules', render: (_v, p) => rulesText(p) },
    ...(manage
      ? [
          {
            title: t('Actions'),
            key: 'actions',
            render: (_v: unknown, program: Program) => (
              <Space>
                <Button
                  size="small"
                  onClick={() => setEditing(program)}
                  aria-label={t('Edit {name}', { name: program.name })}
                >
                  {t('Edit')}
                </Button>
                {program.archived ? null : (
                  <Popconfirm
                    title={t('Archive {name}?', { name: program.name })}
                    description={t('It keeps its data but takes no more enrolments.')}
                    okText={t('Archive')}
                    onConfirm={() => onArchive(program)}
                    okButtonProps={{ loading: archive.isPending }}
                  >
                    <Button size="small" danger aria-label={t('Archive {name}', { name: program.name })}>
                      {t('Archive')}
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
      title={t('Programs')}
      error={programs.error}
      onRetry={() => void programs.refetch()}
      actions={
        manage ? (
          <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing('new')}>
            {t('New program')}
          </Button>
        ) : null
      }
    >
      <ScrollRegion label={t('Programs table')}>
        <Table<Program>
          rowKey="id"
          caption={<TableCaption>{t("The organization's programs, active first")}</TableCaption>}
          columns={columns}
          dataSource={programs.data ?? []}
          loading={programs.isPending}
          pagination={false}
          locale={{ emptyText: manage ? t('No programs yet. Create the first one.') : t('No programs yet') }}
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
