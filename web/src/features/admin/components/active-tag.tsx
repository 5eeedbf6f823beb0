import { Tag } from 'antd';

/** Users and organizations show Active or Inactive (spec §2). */
export function ActiveTag({ active }: { active: boolean }) {
  return active ? <Tag color="green">Active</Tag> : <Tag color="default">Inactive</Tag>;
}
