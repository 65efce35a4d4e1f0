import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { emailStatement } from "~/domain/email/outbox.server";
import { bookingConfirmationEmail } from "~/domain/meetings/emails.server";
import { base64Utf8 } from "~/domain/meetings/ics";
import { buildOpenApi } from "~/http/api/openapi.server";
import { loader as attachmentLoader } from "~/routes/admin/dashboard/settings/email-attachment";
import { loader as messageLoader } from "~/routes/admin/dashboard/settings/email-message";
import { allEndpoints } from "~/routes/api/registry.server";
import { createAdmin } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { runRoute } from "../../../tests/helpers/route-call";
import {
  emailPreviewDocument,
  getEmailAttachment,
  getEmailMessage,
  safeFilename,
  servedAttachmentType,
} from "./log.server";

/** Decisions 020 and 021: the email log shows each message, its HTML sandboxed, its attachments for admins only. */

const ORIGIN = "http://localhost";
let token: string;
beforeAll(async () => {
  ({ token } = await createAdmin());
});

const ICS = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n";

async function storedMessage(overrides: Record<string, unknown> = {}) {
  const key = `viewer-test:${crypto.randomUUID()}`;
  await emailStatement({
    kind: "demo.booked",
    to: "visitor@example.com",
    subject: "Your demo is booked",
    text: "Hello <b>not bold</b>\nSee you then.",
    html: '<p>Hello</p><script>parent.alert(1)</script><img src="https://tracker.example/p.png">',
    idempotencyKey: key,
    attachments: [
      { filename: "invite.ics", contentType: "text/calendar; charset=utf-8; method=REQUEST", content: base64Utf8(ICS) },
      { filename: '../evil"name.html', contentType: "text/html", content: base64Utf8("<script>1</script>") },
    ],
    ...overrides,
  });
  const row = await db().select().from(emailOutbox).where(eq(emailOutbox.idempotencyKey, key)).get();
  if (!row) throw new Error("not stored");
  return row;
}

const asAdmin = (path: string) => new Request(`${ORIGIN}${path}`, { headers: { Authorization: `Bearer ${token}` } });

describe("email viewer", () => {
  it("shows the text, the HTML only as a sandboxed document without scripts or remote loads, and the attachments", async () => {
    const row = await storedMessage();
    const message = await getEmailMessage(row.id);
    expect(message.text).toBe("Hello <b>not bold</b>\nSee you then.");
    expect(message.attachments).toEqual([
      { index: 0, filename: "invite.ics", contentType: "text/calendar; charset=utf-8", size: ICS.length },
      { index: 1, filename: "_evil_name.html", contentType: "application/octet-stream", size: 18 },
    ]);
    const doc = emailPreviewDocument(message.html ?? "");
    expect(doc).toMatch(/^<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy"/);
    expect(doc).toContain("default-src 'none'; img-src data:;");
    expect(doc).not.toMatch(/script-src/);
  });

  it("serves an attachment to an admin as a download, decoded, with a safe type and name", async () => {
    const row = await storedMessage();
    const { response } = await runRoute(attachmentLoader, asAdmin(`/x/${row.id}/attachments/0`), {
      id: row.id,
      index: "0",
    });
    expect(response?.status).toBe(200);
    expect(response?.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response?.headers.get("Content-Disposition")).toBe('attachment; filename="invite.ics"');
    expect(await response?.text()).toBe(ICS);
    const html = await runRoute(attachmentLoader, asAdmin(`/x/${row.id}/attachments/1`), { id: row.id, index: "1" });
    expect(html.response?.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(html.response?.headers.get("Content-Disposition")).toBe('attachment; filename="_evil_name.html"');
  });

  it("refuses visitors without a session (redirect to login) for the page and the attachment", async () => {
    const row = await storedMessage();
    const page = await runRoute(messageLoader, new Request(`${ORIGIN}/x/${row.id}`), { id: row.id });
    expect(page.response?.status).toBe(302);
    const file = await runRoute(attachmentLoader, new Request(`${ORIGIN}/x/${row.id}/attachments/0`), {
      id: row.id,
      index: "0",
    });
    expect(file.response?.status).toBe(302);
  });

  it("answers 404 for unknown messages, bad or missing attachment indexes and over-long ids", async () => {
    const row = await storedMessage();
    expect((await runRoute(messageLoader, asAdmin("/x/none"), { id: "nope" })).status).toBe(404);
    expect((await runRoute(messageLoader, asAdmin("/x/long"), { id: "x".repeat(500) })).status).toBe(404);
    for (const index of ["2", "-1", "1.5", "abc", "999999"]) {
      const answer = await runRoute(attachmentLoader, asAdmin("/x"), { id: row.id, index });
      expect(answer.response?.status).toBe(404);
    }
    await expect(getEmailAttachment("nope", 0)).rejects.toMatchObject({ status: 404 });
  });

  it("keeps names and types safe", () => {
    expect(safeFilename("")).toBe("attachment");
    expect(safeFilename("...hidden")).toBe("hidden");
    expect(safeFilename('a"b\r\nc.ics')).toBe("a_b_c.ics");
    expect(servedAttachmentType("TEXT/CALENDAR; method=CANCEL")).toBe("text/calendar; charset=utf-8");
    expect(servedAttachmentType("image/svg+xml")).toBe("application/octet-stream");
    expect(servedAttachmentType("application/pdf")).toBe("application/pdf");
  });

  it("shows a stored branded email (a full document) with the policy first and its own head kept", async () => {
    const email = await bookingConfirmationEmail(
      {
        id: "viewer-meeting",
        name: "Asha",
        email: "asha@example.com",
        phone: "",
        company: "",
        date: "2026-12-03",
        timeSlot: "10:00",
        startsAt: new Date("2026-12-03T04:30:00Z"),
        notes: "",
        visitorTimezone: null,
      },
      new Date(),
      "https://flowlane.example/demo/manage?token=t",
    );
    const row = await storedMessage({ html: email.html, text: email.text, attachments: email.attachments });
    const { result } = await runRoute(messageLoader, asAdmin(`/x/${row.id}`), { id: row.id });
    expect(result.message.html).toBe(email.html);
    const preview: string = result.preview;
    expect(preview.indexOf("Content-Security-Policy")).toBeLessThan(preview.indexOf("<html dir"));
    expect(preview).not.toMatch(/<!DOCTYPE html PUBLIC/);
    expect(preview).toContain("prefers-color-scheme: dark");
    expect(preview).toContain("Manage your booking");
    // A fragment (older messages, or anything else stored) gets a head and a body of its own.
    expect(emailPreviewDocument("<p>Hi</p>")).toMatch(/<\/head><body><p>Hi<\/p><\/body><\/html>$/);
  });
});

describe("GET /api/admin/emails", () => {
  it("returns the bodies, text and HTML, to admins only", async () => {
    const to = `api-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const row = await storedMessage({ to, html: "<p>Branded</p>" });
    expect((await api("GET", `/api/admin/emails?to=${to}`)).status).toBe(401);
    const { token: pending } = await createAdmin({ status: "pending" });
    expect((await api("GET", `/api/admin/emails?to=${to}`, { token: pending })).status).toBe(403);
    const list = await api("GET", `/api/admin/emails?to=${to}`, { token });
    expect(list.status).toBe(200);
    expect(list.json.data).toHaveLength(1);
    expect(list.json.data[0]).toMatchObject({ id: row.id, text: row.text, html: "<p>Branded</p>" });
    expect(list.json.data[0].attachments[0]).toEqual({
      filename: "invite.ics",
      contentType: "text/calendar; charset=utf-8; method=REQUEST",
    });

    const one = await api("GET", `/api/admin/emails/${row.id}`, { token });
    expect(one.status).toBe(200);
    expect(one.json.data).toMatchObject({ id: row.id, to, text: row.text, html: "<p>Branded</p>" });
    expect(one.json.data.attachments[0]).toMatchObject({ index: 0, filename: "invite.ics", size: ICS.length });
    expect((await api("GET", `/api/admin/emails/${row.id}`)).status).toBe(401);
  });

  it("answers 404 for an unknown message and 400 for a malformed filter", async () => {
    const unknown = await api("GET", "/api/admin/emails/no-such-email", { token });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ success: false, error: "Email not found." });
    expect((await api("GET", `/api/admin/emails/${"x".repeat(300)}`, { token })).status).toBe(404);
    expect((await api("GET", "/api/admin/emails?to=not-an-email", { token })).status).toBe(400);
  });

  it("is described in the OpenAPI document with both bodies", () => {
    const doc = buildOpenApi(allEndpoints) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/admin/emails", "/api/admin/emails/{id}"]));
    const listed = JSON.stringify(doc.paths["/api/admin/emails"]);
    expect(listed).toContain('"html"');
    expect(listed).toContain("The branded HTML version");
  });
});
