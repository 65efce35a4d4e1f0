import { describe, expect, it } from "vitest";
import { normalizeTypedCode, typedDigits } from "./typed-code";

describe("codes as people paste them (issue 30)", () => {
  it.each([
    ["374840", "plain"],
    ["374 840", "a space from the email"],
    [" 374 840 ", "spaces around"],
    ["374-840", "a dash"],
    ["374–840", "an en dash"],
    ["374\u2212840", "a minus sign"],
    ["374\u00a0840", "a no-break space"],
    ["374\u2009840", "a thin space"],
    ["374\u200b840", "a zero-width space"],
    ["３７４８４０", "full-width digits"],
    ["３７４\u3000８４０", "full-width digits and an ideographic space"],
    ["３７４－８４０", "a full-width dash"],
    ["३७४८४०", "Devanagari digits"],
    ["٣٧٤٨٤٠", "Arabic-Indic digits"],
    ["374\n840", "a line break"],
  ])("%j (%s) is 374840", (input) => {
    expect(normalizeTypedCode(input)).toBe("374840");
  });

  it("keeps letters: recovery codes have them, and a digits-only check must still see them", () => {
    expect(normalizeTypedCode("abcde-fghjk")).toBe("abcdefghjk");
    expect(normalizeTypedCode("ＡＢＣＤＥ－ｆｇｈｊｋ")).toBe("ABCDEfghjk");
    expect(normalizeTypedCode("12a 456")).toBe("12a456");
  });

  it("cuts a digits-only field to its length after normalising, not before", () => {
    // The bug: maxLength=6 cut "374 840" to "37484" before anything looked at it.
    expect(typedDigits("374 840", 6)).toBe("374840");
    expect(typedDigits("３７４ ８４０", 6)).toBe("374840");
    expect(typedDigits("374 840 1", 6)).toBe("374840");
    expect(typedDigits("12ab34", 6)).toBe("1234");
  });
});
