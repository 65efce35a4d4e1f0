import { BOT_CHECK_CHALLENGE_PATH, BOT_CHECK_FIELD } from "./bot-check";

/*
 * The invisible half of the bot check (decision 080): for a form with the check's field, a
 * challenge is fetched and solved in the background once the visitor starts on the form, and a
 * submit waits for the solution (a fraction of a second) before it leaves. Each solution counts
 * once, so after every submit the next one is solved. Plain DOM and Web Crypto; no widget.
 */

type Challenge = { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };

const solving = new WeakMap<HTMLInputElement, Promise<string | null>>();
/** Forms let go without a solution (no challenge could be had): the server checks their form token. */
const unsolved = new WeakSet<HTMLFormElement>();
const SELECTOR = `input[name="${BOT_CHECK_FIELD}"]`;
const encoder = new TextEncoder();

/** Digests computed at once: Web Crypto answers a batch far faster than one digest at a time. */
const BATCH = 1_000;

async function solve(): Promise<string | null> {
  try {
    const response = await fetch(BOT_CHECK_CHALLENGE_PATH, { headers: { Accept: "application/json" } });
    if (!response.ok) return null;
    const { data } = (await response.json()) as { data: Challenge };
    const wanted = Uint8Array.from(data.challenge.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
    for (let start = 0; start <= data.maxnumber; start += BATCH) {
      const count = Math.min(BATCH, data.maxnumber - start + 1);
      const digests = await Promise.all(
        Array.from({ length: count }, (_, i) =>
          crypto.subtle.digest("SHA-256", encoder.encode(data.salt + (start + i))),
        ),
      );
      const found = digests.findIndex((digest) => new Uint8Array(digest).every((byte, i) => byte === wanted[i]));
      if (found !== -1) {
        const { algorithm, challenge, salt, signature } = data;
        return btoa(JSON.stringify({ algorithm, challenge, number: start + found, salt, signature }));
      }
    }
  } catch {
    // Offline or refused: the form still goes, and the server's answer says what to do.
  }
  return null;
}

/** Starts solving for this field unless a solution is on its way or there. */
function prepare(field: HTMLInputElement) {
  if (field.value || solving.has(field)) return;
  solving.set(
    field,
    solve().then((payload) => {
      solving.delete(field);
      if (payload) field.value = payload;
      return payload;
    }),
  );
}

/** The check's field of the form a focused element belongs to (also by its `form` attribute). */
function fieldOf(target: EventTarget | null) {
  if (!(target instanceof Element)) return null;
  const owner = "form" in target && target.form instanceof HTMLFormElement ? target.form : target.closest("form");
  return owner?.querySelector<HTMLInputElement>(SELECTOR) ?? null;
}

/** Installs the listeners once, before hydration, so no submit can slip past them. */
export function installBotCheck() {
  // Solved while the visitor types: started by the first focus in the form.
  document.addEventListener("focusin", (event) => {
    const field = fieldOf(event.target);
    if (field) prepare(field);
  });
  // Capture on the window runs before React's listeners on the root: a submit without its
  // solution is held until it is there, then sent again with the same submitter.
  window.addEventListener(
    "submit",
    (event) => {
      const form = event.target as HTMLFormElement;
      const field = form.querySelector<HTMLInputElement>(SELECTOR);
      if (!field) return;
      const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | HTMLInputElement | null;
      // Conform validates by a submit with a temporary "__intent__" button that nothing sends.
      if (submitter?.name === "__intent__") return;
      if (unsolved.has(form)) {
        unsolved.delete(form);
        return;
      }
      if (field.value) {
        // This solution leaves with this submit; the next submit gets a new one.
        setTimeout(() => {
          field.value = "";
          prepare(field);
        });
        return;
      }
      event.preventDefault();
      event.stopImmediatePropagation();
      prepare(field);
      void (solving.get(field) ?? Promise.resolve(null)).then((payload) => {
        // Unsolved (offline): this submit goes as it is, with the form token.
        if (!payload) unsolved.add(form);
        form.requestSubmit(submitter?.isConnected && submitter.form === form ? submitter : null);
      });
    },
    true,
  );
}
