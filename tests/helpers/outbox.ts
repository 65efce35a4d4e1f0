import { desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";

/** The first capture of `link` in the text of the newest email to `to` ("" when there is none). */
export async function tokenInNewestEmail(to: string, link: RegExp) {
  const [latest] = await db()
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1)
    .all();
  return link.exec(latest?.text ?? "")?.[1] ?? "";
}

/** The token of the newest team invitation emailed to `email` ("" when there is none). */
export const invitationTokenFor = (email: string) => tokenInNewestEmail(email, /\/admin\/invitation\?token=([\w-]+)/);

/** Every email to `to` in the outbox, as stored. */
export const outboxTo = (to: string) => db().select().from(emailOutbox).where(eq(emailOutbox.to, to)).all();

/** The token of the first `path?token=…` link in an email's text, URL-decoded ("" when there is none). */
export const linkToken = (text: string, path: string) =>
  decodeURIComponent(new RegExp(`${path}\\?token=([^\\s]+)`).exec(text)?.[1] ?? "");
