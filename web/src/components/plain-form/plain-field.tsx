import type { InputHTMLAttributes } from 'react';
import type { PlainForm } from './use-plain-form';
import { fieldIds } from './validation';

interface PlainFieldProps<Name extends string> {
  form: PlainForm<Name>;
  name: Name;
  label: string;
  /** A text area of this many rows instead of a one-line input. */
  rows?: number;
  type?: InputHTMLAttributes<HTMLInputElement>['type'];
  autoComplete?: string;
  placeholder?: string;
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
}: PlainFieldProps<Name>) {
  const props = form.field(name);
  const error = form.errors[name];
  return (
    <div className={`plain-field${error === undefined ? '' : ' plain-field--error'}`}>
      <label className="plain-field__label" htmlFor={props.id}>
        {label}
      </label>
      {rows === undefined ? (
        <input
          {...props}
          className="plain-field__control"
          type={type}
          autoComplete={autoComplete}
          placeholder={placeholder}
        />
      ) : (
        <textarea {...props} className="plain-field__control" rows={rows} placeholder={placeholder} />
      )}
      {error !== undefined && (
        <div id={fieldIds(form.formName, name).help} className="plain-field__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
