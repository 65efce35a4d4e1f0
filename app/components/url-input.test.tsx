import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field } from "./field";
import { UrlInput } from "./url-input";

/** The `<input>`'s attributes in a field's markup, sorted: the order React writes them in is not the page's. */
const inputAttributes = (markup: string) => (markup.match(/<input([^>]*)>/)?.[1] ?? "").match(/\S+="[^"]*"/g)?.sort();

describe("UrlInput inside a Field", () => {
  it("renders the address box the webhook and busy-calendar forms wrote out by hand", () => {
    const field = { id: "busy-url", label: "Address", hint: "https://… or webcal://…", error: "Too long." };
    const byHand = renderToStaticMarkup(
      <Field {...field}>
        <input
          name="url"
          type="text"
          inputMode="url"
          autoComplete="off"
          required
          maxLength={2000}
          placeholder="https://"
          defaultValue="webcal://example.com/a.ics"
          className="input"
        />
      </Field>,
    );
    const folded = renderToStaticMarkup(
      <Field {...field}>
        <UrlInput maxLength={2000} placeholder="https://" defaultValue="webcal://example.com/a.ics" />
      </Field>,
    );
    expect(inputAttributes(folded)).toEqual(inputAttributes(byHand));
    expect(inputAttributes(folded)).toContain('aria-describedby="busy-url-hint busy-url-error"');
    expect(folded.replace(/<input[^>]*>/, "")).toBe(byHand.replace(/<input[^>]*>/, ""));
  });
});
