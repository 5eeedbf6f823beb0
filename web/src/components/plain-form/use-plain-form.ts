import { useCallback, useEffect, useLayoutEffect, useMemo, useState, type ChangeEvent } from 'react';
import { markFormLive, typedValues } from './early-input';
import { fieldIds, validateFields, type FieldErrors, type FieldValidator } from './validation';

export interface PlainForm<Name extends string> {
  formName: string;
  values: Record<Name, string>;
  errors: FieldErrors<Name>;
  /** The props of a field's input: id, name, value, change handler and its error wiring. */
  field(name: Name): {
    id: string;
    name: Name;
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
  };
  /** Checks every field; true when all pass. Errors show and fields re-check as they change. */
  validate(): boolean;
  /** Shows errors from elsewhere (the server's field errors) under their fields. */
  setErrors(errors: FieldErrors<Name>): void;
  reset(): void;
}

const NO_DEPENDENTS = {};

/**
 * A small form without antd, for the public and sign-in pages: values, per-field checks after the first submit
 * (then again on each change, as antd forms do, with the fields that depend on it), server errors under their
 * fields, and a reset.
 */
export function usePlainForm<Name extends string>(
  formName: string,
  initialValues: Record<Name, string>,
  validators: Partial<Record<Name, FieldValidator>>,
  /** For a field, the fields whose checks read its value too (a password's confirmation) and re-check with it. */
  dependents: Partial<Record<Name, readonly Name[]>> = NO_DEPENDENTS,
): PlainForm<Name> {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrorState] = useState<FieldErrors<Name>>({});
  // Fields check themselves as they change once a submit (or an error) has drawn attention to them.
  const [checking, setChecking] = useState(false);

  // Hydrating a pre-rendered page: keep what the visitor typed before the app ran, then take over submits
  // (one made meanwhile is made again). Layout effect: the adopted values render before anything else.
  useLayoutEffect(() => {
    const typed = typedValues(initialValues, (name) => fieldIds(formName, name).input);
    if (Object.keys(typed).length > 0) setValues((current) => ({ ...current, ...typed }));
    // Once, at mount: later the inputs are controlled by `values`.
  }, []);
  useEffect(() => markFormLive(formName), [formName]);

  const field = useCallback(
    (name: Name) => {
      const ids = fieldIds(formName, name);
      const error = errors[name];
      return {
        id: ids.input,
        name,
        value: values[name],
        onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
          const value = event.target.value;
          setValues((current) => ({ ...current, [name]: value }));
          const next = { ...values, [name]: value };
          // The field, and the fields whose checks read it, re-check once attention is on them.
          const recheck = [name, ...(dependents[name] ?? [])].filter(
            (other) => checking || errors[other] !== undefined,
          );
          if (recheck.length === 0) return;
          setErrorState((current) => {
            const updated = { ...current };
            for (const other of recheck) {
              const problem = validators[other]?.(next[other], next) ?? null;
              if (problem === null) delete updated[other];
              else updated[other] = problem;
            }
            return updated;
          });
        },
        'aria-invalid': error !== undefined,
        'aria-describedby': error === undefined ? undefined : ids.help,
      };
    },
    [checking, dependents, errors, formName, validators, values],
  );

  return useMemo(
    () => ({
      formName,
      values,
      errors,
      field,
      validate: () => {
        const found = validateFields(validators, values);
        setErrorState(found);
        setChecking(true);
        return Object.keys(found).length === 0;
      },
      setErrors: (next: FieldErrors<Name>) => setErrorState(next),
      reset: () => {
        setValues(initialValues);
        setErrorState({});
        setChecking(false);
      },
    }),
    [errors, field, formName, initialValues, validators, values],
  );
}
