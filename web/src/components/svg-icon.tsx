import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { createElement, type ReactNode } from 'react';

/*
 * An antd icon drawn from its definition alone (the `@ant-design/icons-svg` data that `@ant-design/icons`
 * renders), with the same markup and class names. For pages that load before or without antd — the public
 * site and the app shell — so they carry no icon runtime (issue 22: the landing page's JavaScript budget).
 * The `.anticon` base rules are in global.css.
 */

function toElement(node: AbstractNode, key: number | undefined, name: string): ReactNode {
  const props: Record<string, unknown> = { ...node.attrs, key };
  if (node.tag === 'svg') {
    Object.assign(props, {
      'data-icon': name,
      width: '1em',
      height: '1em',
      fill: 'currentColor',
      'aria-hidden': 'true',
      focusable: 'false',
    });
  }
  return createElement(
    node.tag,
    props,
    ...(node.children ?? []).map((child, index) => toElement(child, index, name)),
  );
}

interface SvgIconProps {
  icon: IconDefinition;
  className?: string;
  /** Decorative icons (beside text that says the same) are hidden from screen readers. */
  'aria-hidden'?: boolean | 'true';
}

export function SvgIcon({ icon, className, 'aria-hidden': hidden }: SvgIconProps) {
  if (typeof icon.icon === 'function') throw new Error(`${icon.name}: two-tone icons are not supported`);
  return (
    <span
      role="img"
      aria-label={icon.name}
      aria-hidden={hidden}
      className={`anticon anticon-${icon.name}${className ? ` ${className}` : ''}`}
    >
      {toElement(icon.icon, undefined, icon.name)}
    </span>
  );
}
