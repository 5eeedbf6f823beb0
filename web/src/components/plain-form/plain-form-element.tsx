import type { ReactNode } from 'react';

interface PlainFormElementProps {
  /** The form's name and id: the fields' ids start with it (`<name>_<field>`, see `fieldIds`). */
  name: string;
  /** A request of the form runs. */
  busy: boolean;
  className?: string;
  /** The submit, never the browser's own: `submitter` is the button that made it (none for Enter in a field). */
  onSubmit: (submitter: HTMLElement | null) => void;
  children: ReactNode;
}

/** The `<form>` of a plain form: the app checks and sends it (`noValidate`), and says while it is busy. */
export function PlainFormElement({ name, busy, className, onSubmit, children }: PlainFormElementProps) {
  return (
    <form
      id={name}
      name={name}
      className={className}
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        // Always: a submit while a request runs must not become the browser's own submission either.
        event.preventDefault();
        onSubmit((event.nativeEvent as SubmitEvent).submitter);
      }}
    >
      {children}
    </form>
  );
}
