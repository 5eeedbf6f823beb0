import type { FormInstance } from 'antd';
import { useMemo } from 'react';
import { translate } from '../i18n/i18n';
import { useNotify } from '../lib/notify';
import type { ToastOptions } from '../lib/toast-options';

/** A rule the user broke: the toast to show and the field it is about (its message shows under it). */
export interface FieldProblem<Field extends string> {
  field: Field;
  /** The text under the field. */
  message: string;
  toast: ToastOptions;
}

/**
 * Shows a broken rule as the spec asks (a toast) and where it happened: its message under the field,
 * which is marked invalid and receives focus. The message goes away as soon as the field is edited.
 */
export function useFieldProblems<Values extends object>(form: FormInstance<Values>) {
  const notify = useNotify();
  return useMemo(
    () => ({
      show: (problem: FieldProblem<Extract<keyof Values, string>>) => {
        notify.error(problem.toast);
        form.setFields([{ name: problem.field as never, errors: [translate(problem.message)] }]);
        form.focusField(problem.field as never);
      },
      clearChanged: (changed: Partial<Values>) => {
        form.setFields(Object.keys(changed).map((name) => ({ name: name as never, errors: [] })));
      },
    }),
    [form, notify],
  );
}
