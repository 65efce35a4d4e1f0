import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { conformField, describedBy, Field } from "./field";

const html = (node: React.ReactNode) => renderToStaticMarkup(node);
const attrs = (markup: string, tag: string) => markup.match(new RegExp(`<${tag}[^>]*>`))?.[0] ?? "";

describe("Field", () => {
  it("points the label at the control and describes nothing when there is no hint or error", () => {
    const markup = html(
      <Field id="reset-email" label="Email">
        <input name="email" type="email" className="input" />
      </Field>,
    );
    expect(markup).toContain('<label for="reset-email" class="label">Email</label>');
    const input = attrs(markup, "input");
    expect(input).toContain('id="reset-email"');
    expect(input).toContain('name="email"');
    expect(input).not.toContain("aria-invalid");
    expect(input).not.toContain("aria-describedby");
    expect(markup).not.toContain("field-error");
  });

  it("names the hint, and the error once there is one, and marks the control invalid", () => {
    const calm = html(
      <Field id="new-password" label="New password" hint="At least 10 characters.">
        <input name="password" type="password" />
      </Field>,
    );
    expect(attrs(calm, "input")).toContain('aria-describedby="new-password-hint"');
    expect(calm).toContain('<p id="new-password-hint"');

    const failed = html(
      <Field id="new-password" label="New password" hint="At least 10 characters." error="Too short.">
        <input name="password" type="password" />
      </Field>,
    );
    const input = attrs(failed, "input");
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('aria-describedby="new-password-hint new-password-error"');
    expect(failed).toContain('<p id="new-password-error" class="field-error">Too short.</p>');
    // Label, control, hint, error: the order the forms had by hand.
    expect(failed.indexOf("<input")).toBeLessThan(failed.indexOf('new-password-hint"'));
    expect(failed.indexOf('id="new-password-hint"')).toBeLessThan(failed.indexOf('id="new-password-error"'));
  });

  it("wires a textarea with its length hint and a select over conform's own aria props", () => {
    const notes = html(
      <Field id="decision-notes" label="Notes" note="optional" maxLength={500}>
        <textarea name="notes" maxLength={500} />
      </Field>,
    );
    expect(notes).toContain('Notes<span class="font-normal text-slate-500 dark:text-slate-400"> (optional)</span>');
    expect(attrs(notes, "textarea")).toContain('aria-describedby="decision-notes-length"');
    expect(notes).toContain('id="decision-notes-length"');
    expect(notes).toContain("Up to 500 characters.");

    const meta = { id: "f-size", errorId: "f-size-error", errors: ["Choose a team size."] };
    const size = html(
      <Field {...conformField(meta)} label="Team size">
        <select name="teamSize" aria-describedby="stale" aria-invalid={false}>
          <option value="">Select team size</option>
        </select>
      </Field>,
    );
    const select = attrs(size, "select");
    expect(select).toContain('id="f-size"');
    expect(select).toContain('aria-invalid="true"');
    expect(select).toContain('aria-describedby="f-size-error"');
    expect(size).toContain('<p id="f-size-error" class="field-error">Choose a team size.</p>');
  });

  it("puts a hint above the control when asked, and hands a render prop the same wiring", () => {
    const markup = html(
      <Field id="link" label="Video link" hint="Saving emails it." hintAbove error="Not a link.">
        {(control) => <input {...control} name="meetingLink" />}
      </Field>,
    );
    expect(markup.indexOf('id="link-hint"')).toBeLessThan(markup.indexOf("<input"));
    expect(attrs(markup, "input")).toContain('aria-describedby="link-hint link-error"');
  });
});

describe("describedBy", () => {
  it("names the hint always and the error only while there is one, as Field does", () => {
    expect(describedBy({ hintId: "n-hint", errorId: "n-error" })).toEqual({
      "aria-invalid": undefined,
      "aria-describedby": "n-hint",
    });
    expect(describedBy({ hintId: "n-hint", errorId: "n-error", error: "Email is invalid" })).toEqual({
      "aria-invalid": true,
      "aria-describedby": "n-hint n-error",
    });
    expect(describedBy({ errorId: "n-error", error: null })).toEqual({
      "aria-invalid": undefined,
      "aria-describedby": undefined,
    });
    const field = html(
      <Field id="n" label="Email" hint="We email you first." error="Email is invalid">
        <input name="email" />
      </Field>,
    );
    expect(attrs(field, "input")).toContain('aria-describedby="n-hint n-error"');
  });
});
