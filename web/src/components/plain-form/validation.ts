/**
 * A field's check: its error message, or null when the value is fine. `values` holds every field's value, for a
 * check that compares two (a password's confirmation).
 */
export type FieldValidator = (value: string, values: Readonly<Record<string, string>>) => string | null;

export type FieldErrors<Name extends string> = Partial<Record<Name, string>>;

/** The errors of every field whose validator refuses its value. */
export function validateFields<Name extends string>(
  validators: Partial<Record<Name, FieldValidator>>,
  values: Record<Name, string>,
): FieldErrors<Name> {
  const errors: FieldErrors<Name> = {};
  for (const name of Object.keys(validators) as Name[]) {
    const error = validators[name]?.(values[name] ?? '', values) ?? null;
    if (error !== null) errors[name] = error;
  }
  return errors;
}

/** The DOM id of a field (`<form>_<field>`) and of its error text (`…_help`), as antd names them. */
export function fieldIds(formName: string, field: string): { input: string; help: string } {
  const input = `${formName}_${field}`;
  return { input, help: `${input}_help` };
}
