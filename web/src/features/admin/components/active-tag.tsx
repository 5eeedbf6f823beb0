import { Tag } from 'antd';
import { useT } from '../../../i18n/i18n';

/**
 * antd's green and gold preset tags put their text below 4.5:1 on their own backgrounds (axe, issue 20):
 * these text colours keep the same hue at AA contrast.
 */
export const TAG_TEXT_COLORS = { green: '#135200', gold: '#874d00' } as const;

/** Users and organizations show Active or Inactive (spec §2). */
export function ActiveTag({ active }: { active: boolean }) {
  const t = useT();
  return active ? (
    <Tag color="green" style={{ color: TAG_TEXT_COLORS.green }}>
      {t('Active')}
    </Tag>
  ) : (
    <Tag color="default">{t('Inactive')}</Tag>
  );
}
