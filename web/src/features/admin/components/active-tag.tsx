import { Tag } from 'antd';

/**
 * antd's green and gold preset tags put their text below 4.5:1 on their own backgrounds (axe, issue 20):
 * these text colours keep the same hue at AA contrast.
 */
export const TAG_TEXT_COLORS = { green: '#135200', gold: '#874d00' } as const;

/** Users and organizations show Active or Inactive (spec §2). */
export function ActiveTag({ active }: { active: boolean }) {
  return active ? (
    <Tag color="green" style={{ color: TAG_TEXT_COLORS.green }}>
      Active
    </Tag>
  ) : (
    <Tag color="default">Inactive</Tag>
  );
}
