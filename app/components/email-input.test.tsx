import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EmailInput } from "./email-input";
import { Field } from "./field";

describe("EmailInput inside a Field", () => {
  it("is the same email box the forms wrote out by hand, wired by its Field", () => {
    const markup = renderToStaticMarkup(
      <Field id="reset-email" label="Email" error="Enter a valid email address.">
        <EmailInput defaultValue="sam@example.com" />
      </Field>,
    );
    const input = markup.match(/<input[^>]*>/)?.[0] ?? "";
    for (const attribute of [
      'name="email"',
      'type="email"',
      'required=""',
      'maxLength="254"',
      'autoComplete="email"',
      'class="input"',
      'value="sam@example.com"',
      'id="reset-email"',
      'aria-invalid="true"',
      'aria-describedby="reset-email-error"',
    ]) {
      expect(input).toContain(attribute);
    }
  });
});
