/**
 * A pre-rendered page shows its forms before the app has hydrated them. What a visitor does meanwhile is
 * kept: the values typed are adopted by the form when it hydrates (`typedValues`), and a submit made before
 * then is held (no native submission that would reload the page and lose the values) and made again once
 * the form is live (`markFormLive`).
 */
const liveForms = new Set<string>();
let heldSubmit: HTMLFormElement | null = null;
let holding = false;

/** Installed by main.tsx on pre-rendered pages, before anything else runs. */
export function holdEarlySubmits(): void {
  if (holding) return;
  holding = true;
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || liveForms.has(form.id)) return;
      event.preventDefault();
      heldSubmit = form;
    },
    true,
  );
}

/** The values typed into a form's fields (by element id) that differ from `current`. */
export function typedValues<Name extends string>(
  current: Record<Name, string>,
  inputId: (name: Name) => string,
): Partial<Record<Name, string>> {
  const typed: Partial<Record<Name, string>> = {};
  for (const name of Object.keys(current) as Name[]) {
    const element = document.getElementById(inputId(name));
    if (
      (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) &&
      element.value !== current[name]
    )
      typed[name] = element.value;
  }
  return typed;
}

/**
 * The form with this id now handles its own submits; one held for it is made again (in a later task, after
 * the adopted values have rendered). Returns the cleanup for unmount.
 */
export function markFormLive(formId: string): () => void {
  liveForms.add(formId);
  const held = heldSubmit;
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (held?.id === formId) {
    heldSubmit = null;
    timer = setTimeout(() => {
      if (held.isConnected) held.requestSubmit();
    }, 0);
  }
  return () => {
    clearTimeout(timer);
    liveForms.delete(formId);
  };
}
