import { render } from "@react-email/render";
import { describe, expect, it } from "vitest";
import { config } from "~/lib/config.server";
import type { EmailContent } from "./content";
import { MessageEmail } from "./message";
import { renderEmail } from "./render.server";

/**
 * renderEmail renders with react-dom/server directly instead of `@react-email/render`, whose
 * module carries prettier and html-to-text into the Worker (decision 039). The HTML must be
 * the same, byte for byte.
 */
const CONTENTS: EmailContent[] = [
  {
    preview: "Your demo is booked",
    heading: "Your demo is booked",
    greeting: "Hi Asha <script>alert(1)</script>,",
    blocks: [
      { p: ["Thanks for booking a demo with ", { href: "https://flowlane.example/", label: "Flowlane" }, "."] },
      {
        details: [
          ["Date", "Thursday, December 3, 2026"],
          ["Time", "10:00 AM (IST)"],
          ["Company", "Acme & Co"],
          ["Link", { href: "https://meet.example.com/m-1", label: "Join the call" }],
        ],
      },
      {
        button: { label: "Manage your booking", href: "https://flowlane.example/demo/manage/abc", for: "cancel" },
      },
      { link: { label: "Add to calendar", href: "https://flowlane.example/demo/manage/abc/ics", for: "an .ics" } },
      { note: "If you did not book this, ignore this email." },
    ],
  },
  {
    preview: "Your code: 123456",
    heading: "Your verification code",
    blocks: [
      { code: "123456", lead: "Your code is" },
      { note: ["It expires in 10 minutes. ", "Ünïcödé — “quotes” & <tags>"] },
    ],
    signOff: false,
  },
  {
    preview: "Confirm your subscription",
    heading: "One more step",
    greeting: "Hi,",
    blocks: [
      { p: "Confirm below." },
      { button: { label: "Confirm", href: "https://flowlane.example/newsletter/confirm?t=x&y=1" } },
    ],
    unsubscribeUrl: "https://flowlane.example/newsletter/unsubscribe?token=t",
  },
];

describe("the email renderer", () => {
  it("writes the same HTML as React Email's render", async () => {
    for (const content of CONTENTS) {
      const expected = await render(<MessageEmail content={content} postalAddress={config().POSTAL_ADDRESS} />);
      expect(expected).toContain(content.heading);
      expect(await renderEmail(content)).toBe(expected);
    }
  });

  it("starts with the XHTML doctype, once", async () => {
    const html = await renderEmail(CONTENTS[0]!);
    expect(html.startsWith('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN"')).toBe(true);
    expect(html.match(/<!DOCTYPE/g)).toHaveLength(1);
  });
});
