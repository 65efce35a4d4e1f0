import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EmailOrErased } from "./email-or-erased";

describe("EmailOrErased", () => {
  it("links the address, or says Erased when there is none", () => {
    expect(renderToString(<EmailOrErased email="ana@example.com" />)).toBe(
      '<a href="mailto:ana@example.com" class="text-brand-700 hover:underline dark:text-brand-300">ana@example.com</a>',
    );
    expect(renderToString(<EmailOrErased email={null} />)).toBe("Erased");
  });
});
