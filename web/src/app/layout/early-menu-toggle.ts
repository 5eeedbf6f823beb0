/**
 * A pre-rendered page shows the visitor header before the app hydrates it (hydration waits for the session
 * lookup), and a tap on the mobile menu toggle meanwhile would do nothing: a CI run on a loaded machine lost
 * one. The taps are counted from the start (main.tsx installs this with the early-submit holder) and the
 * header, once live, opens the menu when an odd number of them asked for it.
 */
export const MOBILE_MENU_ID = 'mobile-menu';

let earlyTaps = 0;
let live = false;
let counting = false;

export function countEarlyMenuTaps(): void {
  if (counting) return;
  counting = true;
  document.addEventListener(
    'click',
    (event) => {
      if (live || !(event.target instanceof Element)) return;
      if (event.target.closest(`[aria-controls="${MOBILE_MENU_ID}"]`)) earlyTaps += 1;
    },
    true,
  );
}

/** The header is live and handles its own taps: whether the taps made before asked for the menu open. */
export function takeEarlyMenuRequest(): boolean {
  live = true;
  const open = earlyTaps % 2 === 1;
  earlyTaps = 0;
  return open;
}
