/**
 * A pre-rendered page shows its forms before the app has hydrated them. What a visitor does meanwhile is
 * kept: the values typed are adopted by the form when it hydrates (`typedValues`), a submit made before
 * then is held (no native submission that would reload the page and lose the values) and made again once
 * the form is live (`markFormLive`), and so are taps on buttons marked `data-early-tap` (the sign-in page's
 * "Sign up" and "Continue with SSO": `replayEarlyTaps`).
 */
const liveForms = new Set<string>();
let heldSubmit: HTMLFormElement | null = null;
/** The button that made the held submit (a form with two, as sign-in's Sign in and Demo Login). */
let heldSubmitter: HTMLElement | null = null;
let holding = false;
let heldTaps: HTMLElement[] = [];
let tapsLive = false;

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
      heldSubmitter = (event as SubmitEvent).submitter;
    },
    true,
  );
  document.addEventListener(
    'click',
    (event) => {
      if (tapsLive || !(event.target instanceof Element)) return;
      const button = event.target.closest<HTMLElement>('[data-early-tap]');
      if (!button) return;
      // Held from React too (a part hydrated meanwhile would answer it, and the replay again): made once, later.
      event.preventDefault();
      event.stopPropagation();
      heldTaps.push(button);
    },
    true,
  );
}

/**
 * The page's `data-early-tap` buttons now answer: the taps made on them before are made again, in order (in
 * a later task, after the page's first effects). Returns the cleanup for unmount.
 */
export function replayEarlyTaps(): () => void {
  tapsLive = true;
  const timer = setTimeout(() => {
    const taps = heldTaps;
    heldTaps = [];
    for (const tap of taps) if (tap.isConnected) tap.click();
  }, 0);
  return () => clearTimeout(timer);
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
  const submitter = heldSubmitter;
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (held?.id === formId) {
    heldSubmit = null;
    heldSubmitter = null;
    timer = setTimeout(() => {
      if (!held.isConnected) return;
      // By the same button when it is still the form's (the hydrated page kept the pre-rendered elements).
      const same =
        submitter instanceof HTMLButtonElement && submitter.type === 'submit' && submitter.form === held;
      held.requestSubmit(same ? submitter : null);
    }, 0);
  }
  return () => {
    clearTimeout(timer);
    liveForms.delete(formId);
  };
}
