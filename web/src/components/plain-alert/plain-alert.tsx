import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import type { ReactNode } from 'react';
import { SvgIcon } from '../svg-icon';
import './plain-alert.css';

export type PlainAlertTone = 'success' | 'info' | 'warning' | 'error';

const ICONS = {
  success: CheckCircleFilled,
  info: InfoCircleFilled,
  warning: ExclamationCircleFilled,
  error: CloseCircleFilled,
};

interface PlainAlertProps {
  tone: PlainAlertTone;
  title: ReactNode;
  description?: ReactNode;
  /** A button beside the text. */
  action?: ReactNode;
  className?: string;
  /**
   * `alert` (antd's Alert, always) for a warning or an error that appears as something happens; none for a
   * hint that is part of the page (screen readers then read it in place, not as an interruption).
   */
  role?: 'alert';
  'data-testid'?: string;
}

/**
 * antd's Alert with `showIcon`, drawn in plain markup (issue 22): for pages that render before or without antd.
 * The same colours and layout as the platform's antd theme.
 */
export function PlainAlert({
  tone,
  title,
  description,
  action,
  className,
  role,
  'data-testid': testId,
}: PlainAlertProps) {
  return (
    <div
      role={role}
      className={`plain-alert plain-alert--${tone}${description ? ' plain-alert--with-description' : ''}${className ? ` ${className}` : ''}`}
      data-testid={testId}
    >
      <SvgIcon icon={ICONS[tone]} className="plain-alert__icon" aria-hidden="true" />
      <div className="plain-alert__section">
        <div className="plain-alert__title">{title}</div>
        {description ? <div className="plain-alert__description">{description}</div> : null}
      </div>
      {action ? <div className="plain-alert__action">{action}</div> : null}
    </div>
  );
}
