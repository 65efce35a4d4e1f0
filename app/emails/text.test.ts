import { describe, expect, it } from "vitest";
import type { EmailContent } from "./content";
import { toText } from "./text";

/** Decision 063: the plain-text part is made from the blocks the HTML is made from. */
describe("toText", () => {
  it("writes each block as a paragraph, links as addresses, between the greeting and the sign-off", () => {
    const content: EmailContent = {
      preview: "Hidden preheader",
      heading: "The card's heading",
      greeting: "Hi Asha,",
      blocks: [
        { p: ["Read ", { href: "https://flowlane.test/blog", label: "the blog" }, " first."] },
        {
          details: [
            ["Date", "Thursday, December 3, 2026"],
            ["Email", { href: "mailto:asha@example.com", label: "asha@example.com" }],
            ["Join", { href: "https://meet.example/x", label: "https://meet.example/x" }],
          ],
        },
        { code: "482913", lead: "Your verification code is" },
        {
          button: {
            label: "Manage your booking",
            href: "https://flowlane.test/demo/manage/t",
            for: "cancel or reschedule",
          },
        },
        { link: { label: "All callback requests", href: "https://flowlane.test/admin/dashboard/meetings/callbacks" } },
        { note: "If this was not you, ignore this email." },
      ],
      unsubscribeUrl: "https://flowlane.test/newsletter/unsubscribe?token=t",
    };
    expect(toText(content)).toBe(
      [
        "Hi Asha,",
        "",
        "Read the blog (https://flowlane.test/blog) first.",
        "",
        "Date: Thursday, December 3, 2026",
        "Email: asha@example.com",
        "Join: https://meet.example/x",
        "",
        "Your verification code is 482913.",
        "",
        "Manage your booking (cancel or reschedule): https://flowlane.test/demo/manage/t",
        "",
        "All callback requests: https://flowlane.test/admin/dashboard/meetings/callbacks",
        "",
        "If this was not you, ignore this email.",
        "",
        "— The Flowlane team",
        "",
        "Unsubscribe: https://flowlane.test/newsletter/unsubscribe?token=t",
      ].join("\n"),
    );
  });

  it("leaves out the greeting and the sign-off a message does not have", () => {
    expect(toText({ preview: "p", heading: "h", blocks: [{ p: "Only this." }], signOff: false })).toBe("Only this.");
  });
});
