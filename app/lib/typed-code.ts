/**
 * Codes as people paste them (issue 30): "374 840" from an email, "374-840" from a text message,
 * "３７４８４０" from a phone keyboard in full-width mode, "३७४८४०" from a Hindi keyboard. Every
 * code field reads its value through this, in the browser (as it is typed) and on the server
 * (before the schema's length limit), so the same code is accepted however it was entered.
 *
 * No zod and no server code here: the code inputs of /free-trial/verify ship it to the browser.
 */

/** The zero of each decimal digit block NFKC leaves alone: Arabic-Indic, then the Indic scripts. */
const DIGIT_ZEROS = [
  0x0660, 0x06f0, 0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0b66, 0x0be6, 0x0c66, 0x0ce6, 0x0d66, 0x0e50,
] as const;

const OTHER_DIGITS = new RegExp(
  `[${DIGIT_ZEROS.map((zero) => `\\u{${zero.toString(16)}}-\\u{${(zero + 9).toString(16)}}`).join("")}]`,
  "gu",
);

/**
 * Spaces of every kind (ideographic, no-break, thin), dashes of every kind (hyphen, en and em
 * dash, minus sign) and invisible joiners that copying from an email or a PDF brings along.
 */
const SEPARATORS = /[\s\p{Pd}\u2212\u00ad\u200b-\u200d\u2060\ufeff]/gu;

/**
 * The code as the checks see it: full-width letters and digits folded to ASCII (NFKC), other
 * scripts' digits to 0-9, separators removed. Letters stay as they are (recovery codes have
 * them; a digits-only field says "digits only" instead of silently dropping them on the server).
 */
export function normalizeTypedCode(input: string): string {
  return input
    .normalize("NFKC")
    .replace(OTHER_DIGITS, (digit) => {
      const point = digit.codePointAt(0) ?? 0;
      const zero = DIGIT_ZEROS.find((z) => point >= z && point <= z + 9) ?? point;
      return String(point - zero);
    })
    .replace(SEPARATORS, "");
}

/**
 * What a digits-only code field shows as it is typed or pasted: the normalised code with
 * anything that is not a digit dropped, at most `digits` long. The limit comes after the
 * normalising, so "374 840" is six digits, not "37484".
 */
export function typedDigits(input: string, digits: number): string {
  return normalizeTypedCode(input).replace(/\D/g, "").slice(0, digits);
}

/**
 * The browser's limit on the raw text of a code field. Generous: pasted separators and
 * full-width characters count towards `maxLength` before anything can normalise them.
 */
export const CODE_INPUT_MAX_LENGTH = 20;
