import { useEffect, useState, type InputHTMLAttributes, type Ref } from 'react';
import { useT } from '../../i18n/i18n';
import { replayEarlyTaps } from './early-input';
import type { PlainForm } from './use-plain-form';
import { fieldIds } from './validation';

interface PlainFieldProps<Name extends string> {
  form: PlainForm<Name>;
  name: Name;
  label: string;
  /** A text area of this many rows instead of a one-line input. */
  rows?: number;
  /** `password` adds a "Show password" toggle beside the input, as antd's Input.Password has. */
  type?: InputHTMLAttributes<HTMLInputElement>['type'];
  autoComplete?: string;
  placeholder?: string;
  /** While the form's request runs: the value stays readable and focusable, and cannot change. */
  readOnly?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input or text area with its error text under it (`<form>_<field>_help`). */
export function PlainField<Name extends string>({
  form,
  name,
  label,
  rows,
  type = 'text',
  autoComplete,
  placeholder,
  readOnly,
  inputRef,
}: PlainFieldProps<Name>) {
  const props = form.field(name);
  const error = form.errors[name];
  return (
    <div className={`plain-field${error === undefined ? '' : ' plain-field--error'}`}>
      <label className="plain-field__label" htmlFor={props.id}>
        {label}
      </label>
      {rows !== undefined ? (
        <textarea
          {...props}
          className="plain-field__control"
          rows={rows}
          placeholder={placeholder}
          readOnly={readOnly}
        />
      ) : type === 'password' ? (
        <PasswordInput
          {...props}
          autoComplete={autoComplete}
          placeholder={placeholder}
          readOnly={readOnly}
          inputRef={inputRef}
        />
      ) : (
        <input
          {...props}
          ref={inputRef}
          className="plain-field__control"
          type={type}
          autoComplete={autoComplete}
          placeholder={placeholder}
          readOnly={readOnly}
        />
      )}
      {error !== undefined && (
        <div id={fieldIds(form.formName, name).help} className="plain-field__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & {
  inputRef?: Ref<HTMLInputElement>;
};

/** A password input and a toggle button that shows what was typed (pressed) or hides it again. */
function PasswordInput({ inputRef, ...props }: PasswordInputProps) {
  const t = useT();
  const [shown, setShown] = useState(false);
  // Its toggle is a `data-early-tap` button: taps on it before a pre-rendered page was live, made now.
  useEffect(() => replayEarlyTaps(), []);
  return (
    <div className="plain-field__password">
      <input
        {...props}
        ref={inputRef}
        className="plain-field__control"
        type={shown ? 'text' : 'password'}
        // Browsers' own spelling and autocorrection stay off for a password shown in clear.
        autoCapitalize="off"
        spellCheck={false}
      />
      <button
        type="button"
        className="plain-field__reveal"
        aria-label={t('Show password')}
        aria-pressed={shown}
        aria-controls={props.id}
        data-early-tap
        onClick={() => setShown((current) => !current)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            d={
              shown
                ? 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z'
                : 'M2 12s3.6-7 10-7c2 0 3.8.7 5.2 1.7M22 12s-3.6 7-10 7c-2 0-3.8-.7-5.2-1.7M3 3l18 18'
            }
          />
        </svg>
      </button>
    </div>
  );
}
