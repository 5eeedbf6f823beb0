import { scrollToAnchor } from '../../components/hash-link';

/*
 * A pre-rendered page shows the visitor's page before the app hydrates it (hydration waits for the session
 * lookup), and its buttons do nothing meanwhile: CI runs on a loaded machine lost a tap on the mobile menu
 * toggle and one on "Learn more". main.tsx installs this with the early-submit holder, before anything else:
 * - a button with `data-scroll-to="<id>"` scrolls to that section at once;
 * - taps on the mobile menu toggle are counted, and the header, once live, opens the menu when an odd number
 *   of them asked for it.
 * Once the header is live its own handlers take over and this stays out of the way.
 */
export const MOBILE_MENU_ID = 'mobile-menu';

let earlyMenuTaps = 0;
let live = false;
let installed = false;

export function holdEarlyTaps(): void {
  if (installed) return;
  installed = true;
  document.addEventListener(
    'click',
    (event) => {
      if (live || !(event.target instanceof Element)) return;
      const scroller = event.target.closest<HTMLElement>('[data-scroll-to]');
      if (scroller?.dataset.scrollTo) scrollToAnchor(scroller.dataset.scrollTo);
      if (event.target.closest(`[aria-controls="${MOBILE_MENU_ID}"]`)) earlyMenuTaps += 1;
    },
    true,
  );
}

/** The header is live and the page handles its own taps: whether the taps made before asked for the menu. */
export function takeEarlyMenuRequest(): boolean {
  live = true;
  const open = earlyMenuTaps % 2 === 1;
  earlyMenuTaps = 0;
  return open;
}
