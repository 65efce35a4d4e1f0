import { describe, expect, it } from "vitest";
import { emailedLinkInit } from "./emailed-link.server";

describe("emailedLinkInit", () => {
  it("answers 200, 404 or 410 by the link's state and never sends the address on as a Referer", () => {
    expect(emailedLinkInit("valid").status).toBe(200);
    expect(emailedLinkInit("unknown").status).toBe(404);
    for (const ended of ["expired", "used", "revoked"]) expect(emailedLinkInit(ended).status).toBe(410);
    for (const state of ["valid", "unknown", "used"]) {
      expect(emailedLinkInit(state).headers).toEqual({ "Referrer-Policy": "no-referrer" });
    }
  });
});
