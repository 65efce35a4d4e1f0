import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { CONSENT_FORMS, CONSENT_PURPOSES } from "~/lib/consent";
import { TEAM_ROLES } from "~/lib/team-roles";

/** Shared column helpers: ids are random UUIDs, times are unix milliseconds. */
const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date());
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date());
const bool = (name: string) => integer(name, { mode: "boolean" }).notNull().default(false);
const listed = (column: string, values: readonly string[]) =>
  `${column} IN (${values.map((v) => `'${v}'`).join(", ")})`;
const inList = (column: string, values: readonly string[]) => sql.raw(listed(column, values));

export const ADMIN_STATUSES = ["pending", "active", "rejected"] as const;
/** Before team roles every account was "admin": the only value the old `role` column holds. */
export const ADMIN_ROLES = ["admin"] as const;

export const admins = sqliteTable(
  "admins",
  {
    id: id(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    /**
     * The pre-roles column, never read. It stays because dropping a column a CHECK names means
     * rebuilding the table, and on D1 the rebuild's DROP TABLE would cascade-delete every session,
     * code and audit row that references an admin (migration 0018).
     */
    legacyRole: text("role", { enum: ADMIN_ROLES }).notNull().default("admin"),
    /** The member's role; null while the account waits for approval (or was rejected). */
    role: text("team_role", { enum: TEAM_ROLES }),
    status: text("status", { enum: ADMIN_STATUSES }).notNull().default("pending"),
    approvedBy: text("approved_by"),
    approvedAt: integer("approved_at", { mode: "timestamp_ms" }),
    failedLogins: integer("failed_logins").notNull().default(0),
    failedWindowStart: integer("failed_window_start", { mode: "timestamp_ms" }),
    lockedUntil: integer("locked_until", { mode: "timestamp_ms" }),
    notificationsSeenAt: integer("notifications_seen_at", { mode: "timestamp_ms" }),
    /**
     * Set while an Owner or Admin has disabled the member (decision 070): no sign-in, no session,
     * role and data kept for re-enabling. A column of its own, not a fourth `status`: a new value
     * in the status CHECK would rebuild the table, and on D1 that cascade-deletes its sessions.
     */
    disabledAt: integer("disabled_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("admins_email_unique").on(t.email),
    check("admins_status_check", inList("status", ADMIN_STATUSES)),
    check("admins_role_check", inList("role", ADMIN_ROLES)),
    check("admins_team_role_check", sql.raw(`team_role IS NULL OR ${listed("team_role", TEAM_ROLES)}`)),
    check("admins_email_lower", sql`email = lower(email)`),
  ],
);

export const SESSION_KINDS = ["browser", "api"] as const;

/** Server-side sessions. The id is the SHA-256 of the token the client holds. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    adminId: text("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: SESSION_KINDS }).notNull(),
    createdAt: createdAt(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    userAgent: text("user_agent"),
    /** Two-letter country from the edge (request.cf.country) when the session was created, if known. */
    country: text("country"),
  },
  (t) => [index("sessions_admin_idx").on(t.adminId), check("sessions_kind_check", inList("kind", SESSION_KINDS))],
);

/**
 * TOTP two-factor of an admin: one row while set up or enabled (enabledAt null = set up,
 * not yet confirmed). The secret is AES-GCM encrypted; lastStep is the highest 30-second
 * step accepted, so a code cannot be used twice.
 */
export const twoFactor = sqliteTable("two_factor", {
  adminId: text("admin_id")
    .primaryKey()
    .references(() => admins.id, { onDelete: "cascade" }),
  secretEncrypted: text("secret_encrypted").notNull(),
  enabledAt: integer("enabled_at", { mode: "timestamp_ms" }),
  lastStep: integer("last_step"),
  /** Wrong codes at the code step; reset only by a correct code (a correct password does not). */
  failedCodes: integer("failed_codes").notNull().default(0),
  failedWindowStart: integer("failed_window_start", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
});

/** Single-use recovery codes, stored as HMAC-SHA256. */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: id(),
    adminId: text("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("recovery_codes_admin_hash_unique").on(t.adminId, t.codeHash)],
);

/** The step between password and code at sign-in. The id is the SHA-256 of the token; single use, 5 minutes. */
export const twoFactorChallenges = sqliteTable(
  "two_factor_challenges",
  {
    id: text("id").primaryKey(),
    adminId: text("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("two_factor_challenges_expires_idx").on(t.expiresAt)],
);

export const PASSKEY_DEVICE_TYPES = ["singleDevice", "multiDevice"] as const;
export const PASSKEY_NAME_MAX = 60;

/**
 * WebAuthn credentials (decision 066): several per account. The public key (COSE, base64url)
 * checks each sign-in; the counter and the backup flags are what the authenticator last said.
 */
export const passkeys = sqliteTable(
  "passkeys",
  {
    id: id(),
    adminId: text("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    /** The authenticator's credential ID, base64url. */
    credentialId: text("credential_id").notNull(),
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    /** Comma-separated AuthenticatorTransport values ("internal,hybrid"), as the browser reported them. */
    transports: text("transports").notNull().default(""),
    deviceType: text("device_type", { enum: PASSKEY_DEVICE_TYPES }).notNull(),
    backedUp: bool("backed_up"),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("passkeys_credential_unique").on(t.credentialId),
    index("passkeys_admin_idx").on(t.adminId),
    check("passkeys_device_type_check", inList("device_type", PASSKEY_DEVICE_TYPES)),
    check("passkeys_name_length", sql.raw(`length(name) BETWEEN 1 AND ${PASSKEY_NAME_MAX}`)),
    check("passkeys_counter_check", sql`counter >= 0`),
  ],
);

export const WEBAUTHN_PURPOSES = ["registration", "authentication"] as const;

/**
 * WebAuthn challenges, kept on the server: single use (consumed by one DELETE … RETURNING) and
 * valid 5 minutes. A registration challenge belongs to the admin registering; a sign-in one to
 * nobody (any passkey may answer it) or, at the second step after a password, to that admin.
 */
export const webauthnChallenges = sqliteTable(
  "webauthn_challenges",
  {
    /** The challenge itself, base64url (random, 32 bytes). */
    challenge: text("challenge").primaryKey(),
    purpose: text("purpose", { enum: WEBAUTHN_PURPOSES }).notNull(),
    adminId: text("admin_id").references(() => admins.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("webauthn_challenges_expires_idx").on(t.expiresAt),
    check("webauthn_challenges_purpose_check", inList("purpose", WEBAUTHN_PURPOSES)),
  ],
);

/**
 * Failed sign-ins per account AND client address (decision 020): 10 within 15 minutes lock
 * that pair only, so a stranger elsewhere cannot lock the real admin out. The account-wide
 * ceiling (50) stays on `admins`. Counted by one atomic upsert.
 */
export const loginFailures = sqliteTable(
  "login_failures",
  {
    adminId: text("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    ip: text("ip").notNull(),
    failures: integer("failures").notNull().default(0),
    windowStart: integer("window_start", { mode: "timestamp_ms" }).notNull(),
    lockedUntil: integer("locked_until", { mode: "timestamp_ms" }),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.ip] }), index("login_failures_window_idx").on(t.windowStart)],
);

/**
 * Admin password resets (decision 020). One row per request, also for an unknown email (with
 * no admin and a token nobody receives), so the per-email limits behave the same either way.
 * Only the SHA-256 of the 256-bit token is stored; a link is good for 30 minutes, once.
 */
export const passwordResets = sqliteTable(
  "password_resets",
  {
    id: id(),
    email: text("email").notNull(),
    adminId: text("admin_id").references(() => admins.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    ip: text("ip").notNull().default(""),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("password_resets_token_unique").on(t.tokenHash),
    index("password_resets_email_idx").on(t.email, t.createdAt),
    index("password_resets_admin_idx").on(t.adminId),
  ],
);

/**
 * Team invitations (decision 065): an Owner or Admin invites an email with a role. Only the
 * SHA-256 of the 256-bit token is stored; a link is good for 7 days, once. Resending replaces
 * the token (the old link stops working); accepting or revoking ends the invitation.
 */
export const teamInvitations = sqliteTable(
  "team_invitations",
  {
    id: id(),
    email: text("email").notNull(),
    role: text("role", { enum: TEAM_ROLES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").references(() => admins.id, { onDelete: "set null" }),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    acceptedAt: integer("accepted_at", { mode: "timestamp_ms" }),
    acceptedBy: text("accepted_by").references(() => admins.id, { onDelete: "set null" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("team_invitations_token_unique").on(t.tokenHash),
    index("team_invitations_email_idx").on(t.email),
    check("team_invitations_role_check", inList("role", TEAM_ROLES)),
    check("team_invitations_email_lower", sql`email = lower(email)`),
  ],
);

/** Refresh tokens rotate: each use replaces the token; a replaced token used again revokes its family. */
export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    id: text("id").primaryKey(),
    adminId: text("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    familyId: text("family_id").notNull(),
    sessionId: text("session_id"),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    replacedAt: integer("replaced_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("refresh_tokens_family_idx").on(t.familyId), index("refresh_tokens_admin_idx").on(t.adminId)],
);

export const MEETING_STATUSES = ["scheduled", "confirmed", "cancelled", "completed"] as const;
export const MEETING_TYPES = ["demo"] as const;
export const ATTENDANCE = ["attended", "no_show"] as const;

export const meetings = sqliteTable(
  "meetings",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    company: text("company").notNull().default(""),
    meetingType: text("meeting_type", { enum: MEETING_TYPES }).notNull().default("demo"),
    /** yyyy-MM-dd in the business timezone. */
    date: text("date").notNull(),
    /** HH:mm in the business timezone. */
    timeSlot: text("time_slot").notNull(),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull(),
    status: text("status", { enum: MEETING_STATUSES }).notNull().default("scheduled"),
    notes: text("notes").notNull().default(""),
    visitorTimezone: text("visitor_timezone"),
    /** iCalendar SEQUENCE of the latest invitation sent for this meeting; every change bumps it. */
    sequence: integer("sequence").notNull().default(0),
    /** The video call link, set when an admin approves. */
    meetingLink: text("meeting_link"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The member who hosts it (issue 27, decision 076); "" = the house calendar (booked before
     * hosts, or while no one takes demos). Not a foreign key: SQLite cannot add one with ON DELETE
     * to an existing table without rebuilding it, and a removed member's meetings stay as they are.
     */
    hostId: text("host_id").notNull().default(""),
    /**
     * Whether the visitor came, as the host marked it after the meeting (issue 27 item 7, decision
     * 084): null = not marked (it completes as before). Set once; the guard is in the update.
     */
    attendance: text("attendance", { enum: ATTENDANCE }),
  },
  (t) => [
    index("meetings_date_idx").on(t.date, t.timeSlot),
    // A host holds one active meeting per slot (the house calendar too): cancelled/completed ones free it.
    uniqueIndex("meetings_active_host_slot_unique")
      .on(t.hostId, t.date, t.timeSlot)
      .where(sql`status IN ('scheduled', 'confirmed')`),
    index("meetings_host_idx").on(t.hostId, t.date),
    index("meetings_status_idx").on(t.status, t.createdAt),
    index("meetings_created_idx").on(t.createdAt),
    check("meetings_status_check", inList("status", MEETING_STATUSES)),
    check("meetings_type_check", inList("meeting_type", MEETING_TYPES)),
    check("meetings_date_format", sql`date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'`),
    check("meetings_time_format", sql`time_slot GLOB '[0-9][0-9]:[0-9][0-9]'`),
  ],
);

/**
 * The visitor's "Manage your booking" links. Only the SHA-256 of each 256-bit token is kept;
 * a meeting gets a new token with every email that carries the link, and all of them lead to
 * the meeting as it is now.
 */
export const meetingTokens = sqliteTable(
  "meeting_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    meetingId: text("meeting_id")
      .notNull()
      .references(() => meetings.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("meeting_tokens_meeting_idx").on(t.meetingId)],
);

export const CALLBACK_STATUSES = ["new", "contacted"] as const;
/** Where a callback request (a lead) came from: the /demo form, or Contact Sales on /pricing. */
export const CALLBACK_SOURCES = ["demo", "pricing-enterprise"] as const;

export const callbackRequests = sqliteTable(
  "callback_requests",
  {
    id: id(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    company: text("company").notNull(),
    phone: text("phone").notNull().default(""),
    message: text("message").notNull().default(""),
    status: text("status", { enum: CALLBACK_STATUSES }).notNull().default("new"),
    // No CHECK here: adding one makes drizzle-kit rebuild the table with a broken copy
    // statement; the zod schemas and the enum type hold the list.
    source: text("source", { enum: CALLBACK_SOURCES }).notNull().default("demo"),
    /** Enterprise leads only: one of the company-size options. */
    teamSize: text("team_size"),
    createdAt: createdAt(),
  },
  (t) => [
    index("callbacks_created_idx").on(t.createdAt),
    // The list's order (newest first, id breaking ties), whole or by status: read off the
    // index instead of sorting ties in a temporary b-tree (decision 035).
    index("callbacks_newest_idx").on(t.createdAt, t.id),
    index("callbacks_status_newest_idx").on(t.status, t.createdAt, t.id),
    check("callbacks_status_check", inList("status", CALLBACK_STATUSES)),
  ],
);

export const BLOG_STATUSES = ["draft", "published"] as const;

export const blogPosts = sqliteTable(
  "blog_posts",
  {
    id: id(),
    title: text("title").notNull(),
    /** Markdown source, as written by the admin. */
    content: text("content").notNull(),
    /** Sanitized HTML rendered from `content` at save time. */
    contentHtml: text("content_html").notNull(),
    excerpt: text("excerpt").notNull(),
    author: text("author").notNull(),
    /**
     * The member who created the post ("own" in the permission table, decision 064): an Author
     * works on their own posts only. Null for posts written before roles. No foreign key: adding
     * one would rebuild the table, and a removed member's posts stay.
     */
    createdBy: text("created_by"),
    /** JSON array of strings. */
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default([]),
    status: text("status", { enum: BLOG_STATUSES }).notNull().default("draft"),
    publishedAt: integer("published_at", { mode: "timestamp_ms" }),
    /**
     * A draft with a publish time is scheduled (decision 028): the cron job publishes it once
     * this time has passed. Null for every other post; cleared when it is published.
     */
    publishAt: integer("publish_at", { mode: "timestamp_ms" }),
    /** Key of the cover image in `blog_images` (served at /media/<key>), if any. */
    coverImage: text("cover_image"),
    /**
     * The post's address, /blog/{slug} (decision 029): unique, a–z, 0–9 and hyphens. Null only
     * for posts written before slugs existed, until the `fill-post-slugs` job gives them one.
     */
    slug: text("slug"),
    /** Optional SEO overrides (decision 029): the page title, its description, the canonical URL. */
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    canonicalUrl: text("canonical_url"),
    /**
     * An Author's draft waiting for Marketing or above (decision 069): set when submitted, cleared
     * when it is published, scheduled or sent back. Null for every other post.
     */
    reviewRequestedAt: integer("review_requested_at", { mode: "timestamp_ms" }),
    /** What the reviewer wrote when sending the post back (shown to its author); null otherwise. */
    reviewNote: text("review_note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("blog_posts_slug_unique").on(t.slug),
    // The scheduling job reads the due drafts from here.
    index("blog_posts_publish_at_idx").on(t.publishAt),
    // /blog/author/{slug} resolves its slug among the published authors, read from here.
    index("blog_posts_status_author_idx").on(t.status, t.author),
    index("blog_posts_status_idx").on(t.status, t.publishedAt),
    index("blog_posts_created_idx").on(t.createdAt),
    // The posts in review (decision 069): the console's count and the "In review" filter read them here.
    index("blog_posts_review_idx").on(t.reviewRequestedAt),
    // The exact orders of the paged lists (read backwards for newest first), so a page deep in
    // the list steps over index entries only and no list is sorted per request (decision 016).
    index("blog_posts_published_order_idx").on(t.status, t.publishedAt, t.createdAt, t.id),
    index("blog_posts_changed_order_idx").on(t.updatedAt, t.createdAt, t.id),
    index("blog_posts_status_changed_idx").on(t.status, t.updatedAt, t.createdAt, t.id),
    // The sitemap's files read id and updated_at in the published order from the index alone:
    // updated_at sits after the content columns, which span overflow pages (decision 026).
    index("blog_posts_sitemap_idx").on(t.status, t.publishedAt, t.createdAt, t.id, t.updatedAt),
    check("blog_posts_status_check", inList("status", BLOG_STATUSES)),
    check("blog_posts_tags_json", sql`json_valid(tags) AND json_type(tags) = 'array'`),
  ],
);

/**
 * A post's earlier slugs (decision 029): /blog/{old_slug} answers 301 to the post's current
 * slug. Keyed by the slug, so no two posts can hold the same old address.
 */
export const blogSlugRedirects = sqliteTable(
  "blog_slug_redirects",
  {
    oldSlug: text("old_slug").primaryKey(),
    postId: text("post_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("blog_slug_redirects_post_idx").on(t.postId)],
);

/** The image types the blog accepts (sniffed from the bytes, never the file name). */
export const BLOG_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"] as const;

/**
 * Images uploaded for blog posts: the bytes live in R2 under `key`, this row keeps what a page
 * needs to show them without layout shift (type, size, pixel dimensions, alt text).
 */
export const blogImages = sqliteTable(
  "blog_images",
  {
    key: text("key").primaryKey(),
    /** The post it was uploaded for; kept when the post is deleted so shared links keep working. */
    postId: text("post_id"),
    type: text("type", { enum: BLOG_IMAGE_TYPES }).notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    alt: text("alt").notNull(),
    /**
     * Widths (px) of the smaller WebP copies stored beside the original under
     * `renditionKey(key, width)` (decision 028); null when there are none (GIF, an image the
     * transform could not read, or an upload from before renditions).
     */
    renditions: text("renditions", { mode: "json" }).$type<number[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("blog_images_post_idx").on(t.postId, t.createdAt),
    check("blog_images_type_check", inList("type", BLOG_IMAGE_TYPES)),
    check("blog_images_size_check", sql`bytes > 0 AND width > 0 AND height > 0`),
  ],
);

export const BLOG_REVISION_KINDS = ["save", "autosave", "restore"] as const;

/**
 * The last 20 saves of each post (decision 030): who saved, how, and a JSON snapshot of the
 * post's editable fields as they were after that save. The snapshot is built from the post's
 * columns at write time, so a field added to `blog_posts` is kept without a change here. The
 * id grows with every insert, so it orders the revisions as they were committed.
 */
export const blogPostRevisions = sqliteTable(
  "blog_post_revisions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    postId: text("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: BLOG_REVISION_KINDS }).notNull(),
    actorId: text("actor_id"),
    actorEmail: text("actor_email").notNull(),
    /** The editable fields after this save (title, content, excerpt, author, tags, status, …). */
    snapshot: text("snapshot", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("blog_post_revisions_post_idx").on(t.postId, t.createdAt),
    check("blog_post_revisions_kind_check", inList("kind", BLOG_REVISION_KINDS)),
    check("blog_post_revisions_snapshot_json", sql`json_valid(snapshot) AND json_type(snapshot) = 'object'`),
  ],
);

export const USER_PLANS = ["free", "trial", "basic", "standard", "premium", "enterprise"] as const;
export const USER_STATUSES = ["active", "unverified", "pending", "cancelled", "rejected"] as const;
export const APPROVAL_STATUSES = ["pending_admin_approval", "approved", "rejected"] as const;
export const USER_ROLES = ["individual", "organization"] as const;
export const BILLING_CYCLES = ["monthly", "annual"] as const;

/** Trial users and their subscription (spec §3 "Subscription/user"). */
export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: id(),
    userId: text("user_id").notNull(),
    email: text("email").notNull(),
    role: text("role", { enum: USER_ROLES }).notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone").notNull().default(""),
    jobTitle: text("job_title").notNull().default(""),
    occupation: text("occupation").notNull().default(""),
    companyName: text("company_name").notNull().default(""),
    companySize: text("company_size").notNull().default(""),
    industry: text("industry").notNull().default(""),
    country: text("country").notNull().default(""),
    website: text("website").notNull().default(""),
    plan: text("plan", { enum: USER_PLANS }).notNull().default("trial"),
    /** Plan picked on the pricing page before signup (standard, pro), if any. */
    requestedPlan: text("requested_plan"),
    status: text("status", { enum: USER_STATUSES }).notNull().default("unverified"),
    emailVerified: bool("email_verified"),
    approvalStatus: text("approval_status", { enum: APPROVAL_STATUSES }),
    trialApproved: bool("trial_approved"),
    approvalNotes: text("approval_notes"),
    approvedBy: text("approved_by").references(() => admins.id, { onDelete: "set null" }),
    approvedAt: integer("approved_at", { mode: "timestamp_ms" }),
    startDate: integer("start_date", { mode: "timestamp_ms" }),
    endDate: integer("end_date", { mode: "timestamp_ms" }),
    emailSent: bool("email_sent"),
    emailSentAt: integer("email_sent_at", { mode: "timestamp_ms" }),
    features: text("features", { mode: "json" }).$type<string[]>().notNull().default([]),
    howDidYouHear: text("how_did_you_hear").notNull().default(""),
    useCase: text("use_case").notNull().default(""),
    currentTools: text("current_tools").notNull().default(""),
    subscribeNewsletter: bool("subscribe_newsletter"),
    /** Amount in paise (minor units); the details dialog divides by 100. */
    priceAmount: integer("price_amount").notNull().default(0),
    currency: text("currency").notNull().default("INR"),
    billingCycle: text("billing_cycle", { enum: BILLING_CYCLES }).notNull().default("monthly"),
    paymentMethodType: text("payment_method_type"),
    cardLast4: text("card_last4"),
    reminderSentAt: integer("reminder_sent_at", { mode: "timestamp_ms" }),
    expiredAt: integer("expired_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("subscriptions_user_id_unique").on(t.userId),
    uniqueIndex("subscriptions_email_unique").on(t.email),
    index("subscriptions_status_idx").on(t.status, t.createdAt),
    index("subscriptions_plan_idx").on(t.plan, t.createdAt),
    index("subscriptions_created_idx").on(t.createdAt),
    index("subscriptions_approval_idx").on(t.approvalStatus),
    // The side menu's "awaiting decision" badge (every console page): each side of its OR is
    // counted off one of these covering indexes, not by reading every pending or unverified
    // row (decision 035).
    index("subscriptions_awaiting_status_idx").on(t.status, t.emailVerified, t.approvalStatus),
    index("subscriptions_awaiting_approval_idx").on(t.approvalStatus, t.emailVerified, t.status),
    index("subscriptions_end_idx").on(t.endDate),
    check("subscriptions_plan_check", inList("plan", USER_PLANS)),
    check("subscriptions_status_check", inList("status", USER_STATUSES)),
    check("subscriptions_role_check", inList("role", USER_ROLES)),
    check("subscriptions_cycle_check", inList("billing_cycle", BILLING_CYCLES)),
    check(
      "subscriptions_approval_check",
      sql`approval_status IS NULL OR ${inList("approval_status", APPROVAL_STATUSES)}`,
    ),
    check("subscriptions_email_lower", sql`email = lower(email)`),
    check("subscriptions_price_check", sql`price_amount >= 0`),
    check("subscriptions_card_check", sql`card_last4 IS NULL OR card_last4 GLOB '[0-9][0-9][0-9][0-9]'`),
  ],
);

/**
 * The trial signup as typed so far (decision 048): each step is a page of its own
 * (`/free-trial?step=2`), so Back, Forward and a reload show a step with its values. One row per
 * browser, found by the SHA-256 of the random token in its cookie; the form's fields as JSON.
 * Deleted when the signup is stored, purged a day after the last step was sent.
 */
export const signupDrafts = sqliteTable(
  "signup_drafts",
  {
    id: text("id").primaryKey(),
    fields: text("fields", { mode: "json" }).$type<Record<string, string>>().notNull(),
    updatedAt: updatedAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("signup_drafts_expires_idx").on(t.expiresAt), check("signup_drafts_json", sql`json_valid(fields)`)],
);

export const CODE_PURPOSES = ["trial"] as const;

/** Email one-time codes, stored as an HMAC; never in clear. */
export const verificationCodes = sqliteTable(
  "verification_codes",
  {
    id: id(),
    email: text("email").notNull(),
    purpose: text("purpose", { enum: CODE_PURPOSES }).notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    ip: text("ip").notNull().default(""),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    consumedAt: integer("consumed_at", { mode: "timestamp_ms" }),
    voidedAt: integer("voided_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("codes_email_idx").on(t.email, t.purpose, t.createdAt),
    index("codes_ip_idx").on(t.ip, t.createdAt),
    check("codes_purpose_check", inList("purpose", CODE_PURPOSES)),
    check("codes_attempts_check", sql`attempts >= 0`),
  ],
);

export const EMAIL_STATUSES = ["pending", "sent", "failed"] as const;

export type EmailAttachment = { filename: string; contentType: string; content: string };

/** Transactional outbox: a row per message, written with the change that causes it. */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: id(),
    idempotencyKey: text("idempotency_key").notNull(),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    attachments: text("attachments", { mode: "json" }).$type<EmailAttachment[]>().notNull().default([]),
    status: text("status", { enum: EMAIL_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    lastError: text("last_error"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    /**
     * A pending row being delivered ("sending") is claimed until this time by one deliverer;
     * an expired lease makes it claimable again (decision 013). Null when not claimed.
     */
    leaseUntil: integer("lease_until", { mode: "timestamp_ms" }),
    /** Holds a secret (a one-time code): with a real transport the stored copy is redacted once sent. */
    sensitive: bool("sensitive"),
    createdAt: createdAt(),
    /** Extra message headers (a newsletter's List-Unsubscribe pair, decision 092); null for most mail. */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
  },
  (t) => [
    uniqueIndex("email_outbox_idempotency_unique").on(t.idempotencyKey),
    index("email_outbox_to_idx").on(t.to, t.createdAt),
    index("email_outbox_status_idx").on(t.status, t.nextAttemptAt),
    index("email_outbox_created_idx").on(t.createdAt),
    check("email_outbox_status_check", inList("status", EMAIL_STATUSES)),
  ],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: id(),
    actorId: text("actor_id").references(() => admins.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    before: text("before", { mode: "json" }),
    after: text("after", { mode: "json" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_actor_idx").on(t.actorId, t.createdAt),
    index("audit_action_idx").on(t.action, t.createdAt),
    index("audit_created_idx").on(t.createdAt),
  ],
);

export const WEBHOOK_STATUSES = ["pending", "succeeded", "failed"] as const;

export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: id(),
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    url: text("url").notNull(),
    payload: text("payload").notNull(),
    status: text("status", { enum: WEBHOOK_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    lastError: text("last_error"),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    /**
     * A pending row being delivered ("sending") is claimed until this time by one deliverer;
     * an expired lease makes it claimable again (decision 013). Null when not claimed.
     */
    leaseUntil: integer("lease_until", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("webhooks_status_idx").on(t.status, t.nextAttemptAt),
    index("webhooks_subscription_idx").on(t.subscriptionId),
    check("webhooks_status_check", inList("status", WEBHOOK_STATUSES)),
  ],
);

/**
 * Never holds a row. A guarded change (app/db/guarded.server.ts) starts its batch with
 * `INSERT INTO change_guards … SELECT …, 0 WHERE NOT (guard)`: when the guard does not hold,
 * the row breaks the CHECK and D1 rolls the whole batch back (decision 013).
 */
export const changeGuards = sqliteTable(
  "change_guards",
  {
    guard: text("guard").notNull(),
    held: integer("held").notNull(),
  },
  () => [check("change_guards_held", sql`held = 1`)],
);

export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;

/**
 * Newsletter subscribers, double opt-in (decision record 019): `pending` until the emailed
 * link is used. The confirmation token is stored only as its SHA-256 hash.
 */
export const newsletterSubscribers = sqliteTable(
  "newsletter_subscribers",
  {
    id: id(),
    email: text("email").notNull(),
    status: text("status", { enum: SUBSCRIBER_STATUSES }).notNull().default("pending"),
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: integer("confirm_expires_at", { mode: "timestamp_ms" }),
    /** When the last confirmation email was queued: resubscribing within the cooldown sends nothing. */
    confirmSentAt: integer("confirm_sent_at", { mode: "timestamp_ms" }),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    unsubscribedAt: integer("unsubscribed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The provider reported a bounce or a complaint (decision 092): no issue is sent here again. */
    suppressedAt: integer("suppressed_at", { mode: "timestamp_ms" }),
    suppressedReason: text("suppressed_reason"),
  },
  (t) => [
    uniqueIndex("newsletter_email_unique").on(t.email),
    uniqueIndex("newsletter_token_unique").on(t.confirmTokenHash),
    index("newsletter_status_idx").on(t.status, t.createdAt),
    index("newsletter_created_idx").on(t.createdAt),
    check("newsletter_status_check", inList("status", SUBSCRIBER_STATUSES)),
  ],
);

/**
 * Limits per client address (decision 014): one row per (bucket, address), counting hits in a
 * window that opens at the first hit. The CHECK makes an over-limit hit abort the batch it is
 * in, so a refused booking or callback stores nothing and queues no email.
 */
export const clientLimits = sqliteTable(
  "client_limits",
  {
    key: text("key").primaryKey(),
    windowStart: integer("window_start", { mode: "timestamp_ms" }).notNull(),
    hits: integer("hits").notNull(),
    maxHits: integer("max_hits").notNull(),
  },
  (t) => [index("client_limits_window_idx").on(t.windowStart), check("client_limits_within", sql`hits <= max_hits`)],
);

export const LEAD_STATUSES = ["new", "contacted", "qualified", "won", "lost", "disqualified"] as const;
/** What a lead's timeline records (decision 072); emails sent to the lead are read from the outbox. */
export const LEAD_EVENT_TYPES = [
  "meeting",
  "callback",
  "enterprise",
  "trial",
  "newsletter",
  "status",
  "owner",
  "note",
  "sla",
] as const;

/**
 * One row per person who reached sales (issue 26, decision 072): de-duplicated by email, with
 * every kind of inbound they sent (`kinds`, a bit set: meeting 1, callback 2, enterprise 4,
 * trial 8, newsletter 16), the first and last touch that brought them (decision 071) and the
 * team's pipeline: status, owner, speed to lead, the SLA notice.
 */
export const leads = sqliteTable(
  "leads",
  {
    id: id(),
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    company: text("company").notNull().default(""),
    /** The email's domain, unless a public mailbox provider's: groups people of one company. */
    companyDomain: text("company_domain"),
    kinds: integer("kinds").notNull().default(0),
    status: text("status", { enum: LEAD_STATUSES }).notNull().default("new"),
    /** Why a lead was lost or disqualified (or won), as the member wrote it. */
    statusReason: text("status_reason"),
    ownerId: text("owner_id").references(() => admins.id, { onDelete: "set null" }),
    /** When the current owner got it: round-robin ties go to the least recently assigned. */
    assignedAt: integer("assigned_at", { mode: "timestamp_ms" }),
    /** The touches as JSON (`Touch`), and the first touch's source and campaign for the filters. */
    firstTouch: text("first_touch"),
    lastTouch: text("last_touch"),
    source: text("source"),
    campaign: text("campaign"),
    /** Speed to lead: the team's first touch (a status change or a note). */
    firstTouchAt: integer("first_touch_at", { mode: "timestamp_ms" }),
    /** When the owner was told the lead waited past the SLA (once). */
    slaNotifiedAt: integer("sla_notified_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("leads_email_unique").on(t.email),
    index("leads_newest_idx").on(t.createdAt, t.id),
    index("leads_status_newest_idx").on(t.status, t.createdAt, t.id),
    index("leads_owner_idx").on(t.ownerId, t.status),
    index("leads_owner_assigned_idx").on(t.ownerId, t.assignedAt),
    index("leads_source_idx").on(t.source, t.createdAt),
    index("leads_campaign_idx").on(t.campaign, t.createdAt),
    index("leads_domain_idx").on(t.companyDomain),
    // The inbox's source + campaign filter, newest first, and its count, from the index alone.
    index("leads_source_campaign_idx").on(t.source, t.campaign, t.createdAt, t.id),
    // Speed to lead per week (the Overview): only touched leads, arrival and first touch, covering.
    index("leads_touched_idx").on(t.createdAt, t.firstTouchAt).where(sql`first_touch_at IS NOT NULL`),
    check("leads_status_check", inList("status", LEAD_STATUSES)),
    check("leads_email_lower", sql`email = lower(email)`),
  ],
);

/** A lead's timeline: arrivals, status and owner changes, notes, the SLA notice. */
export const leadEvents = sqliteTable(
  "lead_events",
  {
    id: id(),
    leadId: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    type: text("type", { enum: LEAD_EVENT_TYPES }).notNull(),
    actorId: text("actor_id").references(() => admins.id, { onDelete: "set null" }),
    /** Who did it (a member's email), empty for the visitor or the system. */
    actorEmail: text("actor_email").notNull().default(""),
    /** What happened, as the timeline shows it (a note's text, "new → contacted", the booked slot). */
    detail: text("detail").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("lead_events_lead_idx").on(t.leadId, t.createdAt),
    check("lead_events_type_check", inList("type", LEAD_EVENT_TYPES)),
  ],
);

/**
 * The scheduling rules the team edits (Settings → Scheduling, decision 078): one row, id 1,
 * written on the first save; until then the code's defaults (BOOKING, MEETING_CHANGE_CUTOFF_MINUTES)
 * apply. The CHECKs are the form's limits, so no path can store a rule the engine cannot use.
 */
export const schedulingSettings = sqliteTable(
  "scheduling_settings",
  {
    id: integer("id").primaryKey(),
    minimumNoticeMinutes: integer("minimum_notice_minutes").notNull(),
    windowDays: integer("window_days").notNull(),
    bufferBeforeMinutes: integer("buffer_before_minutes").notNull(),
    bufferAfterMinutes: integer("buffer_after_minutes").notNull(),
    changeCutoffMinutes: integer("change_cutoff_minutes").notNull(),
    /** The email of the member who saved last (the audit log has each change). */
    updatedBy: text("updated_by").notNull(),
    updatedAt: updatedAt(),
  },
  () => [
    check("scheduling_settings_single", sql`id = 1`),
    check("scheduling_settings_notice", sql`minimum_notice_minutes BETWEEN 0 AND 10080`),
    check("scheduling_settings_window", sql`window_days BETWEEN 1 AND 365`),
    check(
      "scheduling_settings_buffers",
      sql`buffer_before_minutes BETWEEN 0 AND 240 AND buffer_after_minutes BETWEEN 0 AND 240`,
    ),
    check("scheduling_settings_cutoff", sql`change_cutoff_minutes BETWEEN 0 AND 10080`),
  ],
);

/** A weekly interval of a host's hours: ISO weekday (Monday = 1) and `HH:mm` in the host's zone. */
export type WeeklyInterval = { day: number; start: string; end: string };
/** An interval of a day's hours, `HH:mm`. */
export type DayInterval = { start: string; end: string };

/**
 * A member's demo hosting (issue 27 item 1, decision 076): whether they take demos, their zone,
 * weekly hours (several intervals a day) and daily cap. No row = the defaults (Sales take demos
 * with the business hours), so a new member needs no setup.
 */
export const schedulingHosts = sqliteTable("scheduling_hosts", {
  memberId: text("member_id")
    .primaryKey()
    .references(() => admins.id, { onDelete: "cascade" }),
  takesDemos: bool("takes_demos"),
  timeZone: text("time_zone").notNull(),
  weeklyHours: text("weekly_hours", { mode: "json" }).$type<WeeklyInterval[]>().notNull(),
  /** Demos a day at most; null = no cap. */
  dailyCap: integer("daily_cap"),
  updatedAt: updatedAt(),
});

/** A host's date override: away (no hours) or other hours, over a date range (host's dates). */
export const hostOverrides = sqliteTable(
  "host_overrides",
  {
    id: id(),
    memberId: text("member_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    fromDate: text("from_date").notNull(),
    toDate: text("to_date").notNull(),
    /** null = away for the whole range. */
    hours: text("hours", { mode: "json" }).$type<DayInterval[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("host_overrides_member_idx").on(t.memberId, t.fromDate),
    check("host_overrides_range", sql`from_date <= to_date`),
  ],
);

export const CLOSURE_SOURCES = ["manual", "holidays"] as const;

/**
 * Company closures (decision 077): no host takes demos on these dates (business dates). Imported
 * holidays and manual ranges alike; the same range and reason is stored once, so an import can
 * run twice.
 */
export const companyClosures = sqliteTable(
  "company_closures",
  {
    id: id(),
    fromDate: text("from_date").notNull(),
    toDate: text("to_date").notNull(),
    reason: text("reason").notNull(),
    source: text("source", { enum: CLOSURE_SOURCES }).notNull().default("manual"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("company_closures_unique").on(t.fromDate, t.toDate, t.reason),
    index("company_closures_to_idx").on(t.toDate),
    check("company_closures_range", sql`from_date <= to_date`),
    check("company_closures_source", inList("source", CLOSURE_SOURCES)),
  ],
);

export type Admin = typeof admins.$inferSelect;
export type Meeting = typeof meetings.$inferSelect;
export type CallbackRequest = typeof callbackRequests.$inferSelect;
export type NewsletterSubscriber = typeof newsletterSubscribers.$inferSelect;
export type BlogPost = typeof blogPosts.$inferSelect;
export type BlogImage = typeof blogImages.$inferSelect;
export type BlogPostRevision = typeof blogPostRevisions.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
export type EmailMessage = typeof emailOutbox.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
export type TeamInvitation = typeof teamInvitations.$inferSelect;
export type Passkey = typeof passkeys.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type Lead = typeof leads.$inferSelect;
export type LeadEvent = typeof leadEvents.$inferSelect;

/**
 * Content versions that the edge-cache keys of public pages carry (decision 015): bumping one
 * makes every cached page that depends on it stale at once, in every data center.
 */
export const cacheVersions = sqliteTable("cache_versions", {
  name: text("name").primaryKey(),
  version: integer("version").notNull().default(0),
});

/**
 * CRM webhook endpoints (issue 26, decision 074): where events are posted, which events, and the
 * signing secret (kept as is: signing needs it; shown to the member once). `failures` counts
 * failed attempts in a row since `failingSince`; a sustained streak disables the endpoint.
 */
export const webhookEndpoints = sqliteTable("webhook_endpoints", {
  id: id(),
  url: text("url").notNull(),
  /** The event types it receives, as a JSON array of strings. */
  events: text("events", { mode: "json" }).$type<string[]>().notNull(),
  secret: text("secret").notNull(),
  enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
  failures: integer("failures").notNull().default(0),
  failingSince: integer("failing_since", { mode: "timestamp_ms" }),
  /** Set when the engine disabled it after sustained failure (null when a member turned it off). */
  disabledAt: integer("disabled_at", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One row per (event, endpoint) attempt series, a kind of the delivery engine (decision 056). A
 * replay is a new row with the same event id (`replayOf` names the row replayed).
 */
export const webhookEndpointDeliveries = sqliteTable(
  "webhook_endpoint_deliveries",
  {
    id: id(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    payload: text("payload").notNull(),
    status: text("status", { enum: WEBHOOK_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    responseStatus: integer("response_status"),
    /** The start of the receiver's answer, capped (decision 074). */
    responseExcerpt: text("response_excerpt"),
    lastError: text("last_error"),
    lastAttemptAt: integer("last_attempt_at", { mode: "timestamp_ms" }),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    leaseUntil: integer("lease_until", { mode: "timestamp_ms" }),
    replayOf: text("replay_of"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("endpoint_deliveries_status_idx").on(t.status, t.nextAttemptAt),
    index("endpoint_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    index("endpoint_deliveries_event_idx").on(t.eventId),
    check("endpoint_deliveries_status_check", inList("status", WEBHOOK_STATUSES)),
  ],
);

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookEndpointDelivery = typeof webhookEndpointDeliveries.$inferSelect;

/**
 * Bot-check proofs already used (decision 080): a solved proof-of-work challenge or a signed
 * "form issued at" token counts once. `key` names the proof (its signature or nonce), `digest`
 * the submission it was used for, so the same submission sent again (Back-and-send, a double
 * click) is the same request (decision 052) while any other submission with it is refused.
 * Purged once expired: an expired proof is refused by its own signed expiry anyway.
 */
export const botCheckUses = sqliteTable(
  "bot_check_uses",
  {
    key: text("key").primaryKey(),
    digest: text("digest").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("bot_check_uses_expires_idx").on(t.expiresAt)],
);

/**
 * A newsletter issue (issue 28 item 4, decision 092): composed in markdown (or from a post),
 * rendered once through the blog's sanitizer. `sendAt` is set once, by the one "send" press that
 * wins (`sendKey` names it); the recipients are then rows of `newsletter_deliveries`.
 */
export const newsletterIssues = sqliteTable(
  "newsletter_issues",
  {
    id: id(),
    subject: text("subject").notNull(),
    markdown: text("markdown").notNull(),
    /** The sanitized HTML of `markdown`, made when the issue is saved. */
    html: text("html").notNull(),
    postId: text("post_id").references(() => blogPosts.id, { onDelete: "set null" }),
    /** utm_campaign of every tracked link, so leads are attributed to the issue. */
    campaign: text("campaign").notNull(),
    createdBy: text("created_by").references(() => admins.id, { onDelete: "set null" }),
    sendAt: integer("send_at", { mode: "timestamp_ms" }),
    sendKey: text("send_key"),
    sentBy: text("sent_by").references(() => admins.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("newsletter_issues_newest_idx").on(t.createdAt),
    uniqueIndex("newsletter_issues_campaign_unique").on(t.campaign),
  ],
);

/** One issue to one subscriber: a kind of the one delivery engine (decision 056), at most once per pair. */
export const newsletterDeliveries = sqliteTable(
  "newsletter_deliveries",
  {
    id: id(),
    issueId: text("issue_id")
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    subscriberId: text("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    status: text("status", { enum: EMAIL_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    leaseUntil: integer("lease_until", { mode: "timestamp_ms" }),
    lastError: text("last_error"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    /** What the provider's webhook reported (decision 092). */
    deliveredAt: integer("delivered_at", { mode: "timestamp_ms" }),
    bouncedAt: integer("bounced_at", { mode: "timestamp_ms" }),
    /** The first tracked click and the unsubscribe made from this message. */
    clickedAt: integer("clicked_at", { mode: "timestamp_ms" }),
    unsubscribedAt: integer("unsubscribed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("newsletter_deliveries_pair_unique").on(t.issueId, t.subscriberId),
    index("newsletter_deliveries_status_idx").on(t.status, t.nextAttemptAt),
    index("newsletter_deliveries_email_idx").on(t.email),
    check("newsletter_deliveries_status_check", inList("status", EMAIL_STATUSES)),
  ],
);

export type NewsletterIssue = typeof newsletterIssues.$inferSelect;
export type NewsletterDelivery = typeof newsletterDeliveries.$inferSelect;

/**
 * A host's calendars kept in sync without OAuth (issue 27 item 5, decision 086): the private feed
 * of their meetings (only a SHA-256 of its token is kept; null = no feed or revoked) and the
 * secret iCal address of their own calendar that the scheduled job reads, with how that went.
 */
export const hostCalendars = sqliteTable("host_calendars", {
  memberId: text("member_id")
    .primaryKey()
    .references(() => admins.id, { onDelete: "cascade" }),
  feedTokenHash: text("feed_token_hash").unique(),
  feedIssuedAt: integer("feed_issued_at", { mode: "timestamp_ms" }),
  busyUrl: text("busy_url"),
  busyFetchedAt: integer("busy_fetched_at", { mode: "timestamp_ms" }),
  busyError: text("busy_error"),
  /** Busy intervals stored by the last good fetch. */
  busyCount: integer("busy_count").notNull().default(0),
  updatedAt: updatedAt(),
});

/** The busy intervals of a host's own calendar within the booking window, replaced by each fetch. */
export const hostBusy = sqliteTable(
  "host_busy",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull(),
    endsAt: integer("ends_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.startsAt, t.endsAt] }),
    check("host_busy_range", sql`starts_at < ends_at`),
  ],
);

export const DEVICE_CLASSES = ["mobile", "tablet", "desktop"] as const;
/** What a page-view roll-up row breaks a day down by (decision 090). */
export const ROLLUP_DIMENSIONS = ["total", "posts", "path", "source", "campaign", "country", "device"] as const;

/**
 * Page views counted on the server (issue 28 item 1, decision 090): one row per (UTC day,
 * visitor, path, source, campaign, country, device) with how many views it had. `visitor` is a
 * hash of the day's salt, the client's address and user agent: unique within its day, unlinkable
 * across days once the salt is gone (analytics_salts). No cookie, no address, no user agent kept.
 */
export const pageViews = sqliteTable(
  "page_views",
  {
    /** yyyy-MM-dd, UTC. */
    day: text("day").notNull(),
    visitor: text("visitor").notNull(),
    path: text("path").notNull(),
    /** `utm_source`, else another site's host name, else "" (direct or within the site). */
    source: text("source").notNull().default(""),
    campaign: text("campaign").notNull().default(""),
    /** ISO 3166 alpha-2 from CF-IPCountry, "" when unknown. */
    country: text("country").notNull().default(""),
    device: text("device", { enum: DEVICE_CLASSES }).notNull(),
    views: integer("views").notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.visitor, t.path, t.source, t.campaign, t.country, t.device] }),
    index("page_views_day_path_idx").on(t.day, t.path),
    check("page_views_device_check", inList("device", DEVICE_CLASSES)),
    check("page_views_views_positive", sql`views > 0`),
  ],
);

export const VITAL_METRICS = ["LCP", "INP", "CLS", "TTFB", "HYDRATION"] as const;

/**
 * Real visitors' page speed (issue 28 item 3, decision 091): one row per metric sample — UTC day,
 * path (no query), device class (decision 090's), metric and value (milliseconds; CLS unitless).
 * Nothing names the visitor. Read as p75 per page and device over 28 days.
 */
export const pageVitals = sqliteTable(
  "page_vitals",
  {
    /** yyyy-MM-dd, UTC. */
    day: text("day").notNull(),
    path: text("path").notNull(),
    device: text("device", { enum: DEVICE_CLASSES }).notNull(),
    metric: text("metric", { enum: VITAL_METRICS }).notNull(),
    value: real("value").notNull(),
  },
  (t) => [
    index("page_vitals_day_idx").on(t.day, t.path, t.device, t.metric, t.value),
    check("page_vitals_device_check", inList("device", DEVICE_CLASSES)),
    check("page_vitals_metric_check", inList("metric", VITAL_METRICS)),
    check("page_vitals_value_check", sql`value >= 0`),
  ],
);

/** Today's salt of the visitor hash (decision 090): one row, replaced with the day; yesterday's is deleted. */
export const analyticsSalts = sqliteTable("analytics_salts", {
  day: text("day").primaryKey(),
  salt: text("salt").notNull(),
});

/**
 * The daily roll-up of page_views (decision 090): per closed UTC day, one row per dimension and
 * key with the day's views and unique visitors ("total" and "posts", the blog's pages, with the
 * key ""). Written once per day by the `rollup-page-views` job; its "total" row says the day is
 * rolled up. Keyed dimension first: Insights reads one dimension over a range of days.
 */
export const pageViewRollups = sqliteTable(
  "page_view_rollups",
  {
    day: text("day").notNull(),
    dimension: text("dimension", { enum: ROLLUP_DIMENSIONS }).notNull(),
    key: text("key").notNull(),
    views: integer("views").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.dimension, t.day, t.key] }),
    check("page_view_rollups_dimension_check", inList("dimension", ROLLUP_DIMENSIONS)),
  ],
);

/**
 * The consent ledger (decision 087): who (email), for what purpose, under which privacy-notice
 * version, on which form, when, and when withdrawn. Written in the same batch as the form's own
 * change. One active row per (email, purpose, notice version, form): the same request sent
 * again adds nothing, a newer notice or a consent given again after withdrawal adds a row, and
 * withdrawn rows stay as history.
 */
export const consents = sqliteTable(
  "consents",
  {
    id: id(),
    email: text("email").notNull(),
    purpose: text("purpose", { enum: CONSENT_PURPOSES }).notNull(),
    noticeVersion: text("notice_version").notNull(),
    form: text("form", { enum: CONSENT_FORMS }).notNull(),
    givenAt: integer("given_at", { mode: "timestamp_ms" }).notNull(),
    withdrawnAt: integer("withdrawn_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("consents_active_unique")
      .on(t.email, t.purpose, t.noticeVersion, t.form)
      .where(sql`withdrawn_at IS NULL`),
    index("consents_email_idx").on(t.email, t.givenAt),
    check("consents_purpose_check", inList("purpose", CONSENT_PURPOSES)),
    check("consents_form_check", inList("form", CONSENT_FORMS)),
    check("consents_email_lower", sql`email = lower(email)`),
  ],
);

export type Consent = typeof consents.$inferSelect;
