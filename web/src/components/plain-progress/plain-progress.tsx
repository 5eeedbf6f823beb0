import CheckOutlined from '@ant-design/icons-svg/es/asn/CheckOutlined';
import { SvgIcon } from '../svg-icon';
import './plain-progress.css';

interface PlainProgressProps {
  /** 0–100. */
  percent: number;
  'aria-label': string;
  'aria-valuetext'?: string;
  className?: string;
  'data-testid'?: string;
}

function progressbarProps({ percent, ...rest }: PlainProgressProps) {
  return {
    role: 'progressbar',
    'aria-valuenow': percent,
    'aria-valuemin': 0,
    'aria-valuemax': 100,
    'aria-label': rest['aria-label'],
    'aria-valuetext': rest['aria-valuetext'],
    'data-testid': rest['data-testid'],
  } as const;
}

const clamp = (percent: number) => Math.min(100, Math.max(0, percent));

/**
 * antd's small line Progress without its text (`size="small" showInfo={false}`), in plain markup (issue 22):
 * the primary colour, green once complete. The same `progressbar` role and values.
 */
export function ProgressLine(props: PlainProgressProps) {
  const percent = clamp(props.percent);
  return (
    <div
      {...progressbarProps(props)}
      className={`plain-progress-line${percent === 100 ? ' plain-progress--done' : ''}${props.className ? ` ${props.className}` : ''}`}
    >
      <div className="plain-progress-line__bar" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** The circle's stroke, in units of its 100-unit box (antd's default width of 6). */
const STROKE = 6;
const RADIUS = 50 - STROKE / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * antd's circle Progress (`type="circle"`), in plain markup: the percentage inside, a check once complete.
 * `size` is its width and height in pixels.
 */
export function ProgressCircle({ size, ...props }: PlainProgressProps & { size: number }) {
  const percent = clamp(props.percent);
  return (
    <div
      {...progressbarProps(props)}
      className={`plain-progress-circle${percent === 100 ? ' plain-progress--done' : ''}${props.className ? ` ${props.className}` : ''}`}
      style={{ width: size, height: size, fontSize: size * 0.15 + 6 }}
    >
      <svg viewBox="0 0 100 100" aria-hidden="true" focusable="false">
        <circle className="plain-progress-circle__rail" cx="50" cy="50" r={RADIUS} strokeWidth={STROKE} />
        {percent > 0 ? (
          <circle
            className="plain-progress-circle__bar"
            cx="50"
            cy="50"
            r={RADIUS}
            strokeWidth={STROKE}
            strokeDasharray={`${(CIRCUMFERENCE * percent) / 100} ${CIRCUMFERENCE}`}
          />
        ) : null}
      </svg>
      <span className="plain-progress-circle__text">
        {percent === 100 ? <SvgIcon icon={CheckOutlined} aria-hidden="true" /> : `${percent}%`}
      </span>
    </div>
  );
}
