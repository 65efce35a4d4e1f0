import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { admins } from "~/db/schema";
import { generatePassword, hashPassword } from "~/domain/accounts/password.server";
import { EmailSchema, NameSchema, NewPasswordSchema } from "~/domain/accounts/schemas";
import { openLocalDb } from "./platform";

/**
 * `npm run admin:create -- --email … --name … [--password …]` creates an active admin in the
 * local database (prints a generated password when none is given).
 * `--ensure` (used by `npm start`): only when no active admin exists yet, from ADMIN_EMAIL /
 * ADMIN_PASSWORD if set, else admin@flowlane.local with a generated password printed once.
 */
const { values } = parseArgs({
  options: {
    email: { type: "string" },
    name: { type: "string" },
    password: { type: "string" },
    ensure: { type: "boolean", default: false },
  },
});

function fail(message: string): never {
  console.error(`admin:create: ${message}`);
  process.exit(1);
}

const { db, dispose } = await openLocalDb();
try {
  if (values.ensure) {
    const active = await db.select({ id: admins.id }).from(admins).where(eq(admins.status, "active")).get();
    if (active) {
      console.log("Admin account: already set up (sign in at /admin).");
      process.exit(0);
    }
  }
  const email = EmailSchema.safeParse(
    values.email ?? process.env.ADMIN_EMAIL ?? (values.ensure ? "admin@flowlane.local" : ""),
  );
  if (!email.success) fail(`--email: ${email.error.issues[0]?.message}`);
  const name = NameSchema.safeParse(values.name ?? process.env.ADMIN_NAME ?? "Flowlane Admin");
  if (!name.success) fail(`--name: ${name.error.issues[0]?.message}`);
  const given = values.password ?? process.env.ADMIN_PASSWORD;
  const password = given ?? generatePassword();
  const checked = NewPasswordSchema.safeParse(password);
  if (!checked.success) fail(`--password: ${checked.error.issues[0]?.message}`);

  const existing = await db.select().from(admins).where(eq(admins.email, email.data)).get();
  const passwordHash = await hashPassword(password);
  if (existing) {
    await db
      .update(admins)
      .set({
        status: "active",
        passwordHash,
        name: name.data,
        lockedUntil: null,
        failedLogins: 0,
        updatedAt: new Date(),
      })
      .where(eq(admins.id, existing.id));
  } else {
    await db
      .insert(admins)
      .values({ email: email.data, name: name.data, passwordHash, status: "active", role: "owner" });
  }
  console.log("");
  console.log("  Admin account ready");
  console.log(`    email:    ${email.data}`);
  console.log(`    password: ${given ? "(the one you gave)" : password}`);
  if (!given) console.log("    (generated; shown only this once — change it in Settings)");
  console.log("");
} finally {
  await dispose();
}
