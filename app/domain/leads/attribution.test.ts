import { describe, expect, it } from "vitest";
import { type Attribution, CAPS, nextAttribution, parseAttribution, type Touch, touchOf } from "./attribution";

const OWN = ["flowlane.example", "localhost"];
const AT = new Date("2026-11-02T10:00:00Z");
const land = (path: string, referer: string | null = null, at = AT) =>
  touchOf(new URL(path, "https://flowlane.example"), referer, OWN, at);

describe("a landing's touch", () => {
  it("reads the UTMs, lower-casing source, medium and campaign, keeping term and content as sent", () => {
    expect(
      land("/pricing?utm_source=Newsletter&utm_medium=EMAIL&utm_campaign=Nov&utm_term=Flow+Tool&utm_content=Hero"),
    ).toEqual({
      source: "newsletter",
      medium: "email",
      campaign: "nov",
      term: "Flow Tool",
      content: "Hero",
      clickId: null,
      referrer: null,
      landingPath: "/pricing",
      at: AT.toISOString(),
    });
  });

  it("keeps only the referrer's host: never its path or query (personal data)", () => {
    const touch = land("/", "https://News.Example.com/u/jane.doe?email=jane@example.com");
    expect(touch).toMatchObject({ referrer: "news.example.com", source: "news.example.com", medium: "referral" });
    expect(JSON.stringify(touch)).not.toContain("jane");
  });

  it("takes the first valid click id, named by its parameter", () => {
    expect(land("/?fbclid=abc_123&gclid=G-1")?.clickId).toBe("gclid:G-1");
    expect(land("/?msclkid=m1")?.clickId).toBe("msclkid:m1");
    expect(land("/?li_fat_id=L.1")?.clickId).toBe("li_fat_id:L.1");
  });

  it("caps every value's length", () => {
    const long = "x".repeat(500);
    const touch = land(
      `/${"p".repeat(400)}?utm_source=${long}&utm_campaign=${long}&utm_term=${long}&gclid=${long}`,
      `https://${"r".repeat(60)}.example.com/`,
    );
    expect(touch?.source).toHaveLength(CAPS.field);
    expect(touch?.campaign).toHaveLength(CAPS.field);
    expect(touch?.term).toHaveLength(CAPS.field);
    expect(touch?.clickId).toBe(`gclid:${"x".repeat(CAPS.clickId)}`);
    expect(touch?.referrer).toHaveLength(CAPS.referrer);
    expect(touch?.landingPath).toHaveLength(CAPS.landingPath);
  });

  it("is no touch at all for a plain visit, an internal link or bad input", () => {
    expect(land("/pricing")).toBeNull();
    expect(land("/pricing", "https://flowlane.example/blog")).toBeNull();
    expect(land("/", "not a url")).toBeNull();
    expect(land("/", "javascript:alert(1)")).toBeNull();
    expect(land("/?utm_source=%20%20&utm_campaign=%00%01")).toBeNull();
    // A click id with characters no ad platform uses is not kept.
    expect(land("/?gclid=%3Cscript%3E")).toBeNull();
  });

  it("strips control characters and collapses whitespace", () => {
    expect(land("/?utm_source=News%0D%0ASet-Cookie:%20x&utm_campaign=%20Black%20%20Friday%20")).toMatchObject({
      source: "newsset-cookie: x",
      campaign: "black friday",
    });
  });
});

describe("first and last touch", () => {
  const first = land("/?utm_source=newsletter&utm_campaign=nov") as Touch;
  const later = land("/?utm_source=linkedin&utm_campaign=dec", null, new Date("2026-11-20T10:00:00Z")) as Touch;

  it("starts both at the first touch", () => {
    expect(nextAttribution(null, first)).toEqual({ first, last: first });
  });

  it("never overwrites the first touch; a new campaign becomes the last", () => {
    const start = nextAttribution(null, first) as Attribution;
    const next = nextAttribution(start, later) as Attribution;
    expect(next.first).toEqual(first);
    expect(next.last).toEqual(later);
    const again = nextAttribution(next, land("/blog?utm_source=newsletter&utm_campaign=nov") as Touch) as Attribution;
    expect(again.first).toEqual(first);
    expect(again.last.campaign).toBe("nov");
  });

  it("changes nothing for the same campaign again or a visit without attribution", () => {
    const start = nextAttribution(null, first) as Attribution;
    expect(nextAttribution(start, land("/pricing?utm_source=NEWSLETTER&utm_campaign=NOV"))).toBeNull();
    expect(nextAttribution(start, land("/pricing"))).toBeNull();
  });

  it("reads back only a well-formed value", () => {
    const value = nextAttribution(null, first) as Attribution;
    expect(parseAttribution(JSON.stringify(value))).toEqual(value);
    expect(parseAttribution("{")).toBeNull();
    expect(parseAttribution(JSON.stringify({ first: value.first }))).toBeNull();
    expect(
      parseAttribution(JSON.stringify({ ...value, first: { ...value.first, source: "s".repeat(500) } })),
    ).toBeNull();
    expect(parseAttribution(null)).toBeNull();
  });
});
