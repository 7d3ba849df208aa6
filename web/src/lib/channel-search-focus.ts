/** The landing page's channel search: the anchor of every "Get started". */
export const FIND_CHANNEL_ID = "find-channel";

const ASKED = "tubedigest:find-channel";
let pending = false;

/** Takes the visitor to the channel search: the one on this page now, or the landing page's once it shows. */
export function askForChannelSearch(): void {
  pending = true;
  window.dispatchEvent(new Event(ASKED));
}

/** Moves focus to the search box of the section with `FIND_CHANNEL_ID`, scrolling it into view. */
function focusChannelSearch(): boolean {
  const input = document.querySelector<HTMLInputElement>(`#${FIND_CHANNEL_ID} input[type="search"]`);
  if (!input) return false;
  input.scrollIntoView({ block: "center" });
  input.focus({ preventScroll: true });
  return true;
}

/**
 * For the screen holding the channel search: answers a "Get started" asked for before it showed (from
 * another screen, or a link to `/#find-channel`) and every one after. Returns the listener's remover.
 */
export function answerChannelSearchRequests(): () => void {
  if ((pending || window.location.hash === `#${FIND_CHANNEL_ID}`) && focusChannelSearch()) pending = false;
  const onAsked = () => {
    if (focusChannelSearch()) pending = false;
  };
  window.addEventListener(ASKED, onAsked);
  return () => window.removeEventListener(ASKED, onAsked);
}
