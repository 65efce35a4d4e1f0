import { z } from "zod";
import { TEAM_ROLES } from "~/lib/team-roles";
import { RegistrationCredentialSchema } from "./passkey-schemas";
import { FORBIDDEN_MESSAGE } from "./permissions";
import { EmailSchema, NameSchema, NewPasswordSchema } from "./schemas";

export const INVITATION_MESSAGES = {
  forbidden: FORBIDDEN_MESSAGE,
  ownerOnly: "Only an Owner can invite another Owner.",
  role: "Choose a role: Owner, Admin, Sales, Marketing or Author.",
  hasAccount: (email: string) => `${email} already has an account. Find it on the Team page.`,
  pending: (email: string) =>
    `An invitation to ${email} is already pending. Resend it from the list instead of inviting again.`,
  sendLimit: (minutes: number) =>
    `You sent too many invitations in the last hour. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  notFound: "This invitation was not found.",
  closed: (state: "accepted" | "revoked") => `This invitation was already ${state}.`,
  unknown: "This invitation link is not valid. Check that you copied the whole link, or ask for a new invitation.",
  expired: "This invitation has expired (links are valid for 7 days). Ask the person who invited you to resend it.",
  revoked: "This invitation was withdrawn. Ask the person who invited you for a new one if you still need it.",
  used: "This invitation was already accepted. Sign in with the email and password chosen then.",
  taken: "This email already has an account. Sign in instead.",
} as const;

export const InviteSchema = z.object({
  email: EmailSchema,
  role: z.enum(TEAM_ROLES, { error: INVITATION_MESSAGES.role }),
});

/** The token as the link carries it: anything else is a link that does not work. */
export const InvitationTokenSchema = z
  .string({ error: INVITATION_MESSAGES.unknown })
  .min(1, INVITATION_MESSAGES.unknown)
  .max(200, INVITATION_MESSAGES.unknown);

export const AcceptInvitationSchema = z.object({
  token: InvitationTokenSchema,
  name: NameSchema,
  password: NewPasswordSchema,
});

/** Accepting with a passkey (decision 093), step one: the token and the name, as with a password. */
export const InvitationPasskeyStartSchema = z.object({ token: InvitationTokenSchema, name: NameSchema });

/** Step two: the same, and the authenticator's answer to the options' challenge. */
export const InvitationPasskeyAcceptSchema = InvitationPasskeyStartSchema.extend({
  credential: RegistrationCredentialSchema,
});

/** The accept page's form: the API's fields and the password typed twice. */
export const AcceptInvitationFormSchema = AcceptInvitationSchema.extend({
  confirmPassword: z.string({ error: "Please repeat the password." }).max(128),
}).refine((v) => v.password === v.confirmPassword, {
  path: ["confirmPassword"],
  message: "The two passwords do not match.",
});

export const InvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  expiresAt: z.iso.datetime().describe("When the link stops working (7 days after it was last sent)"),
});

export const PendingInvitationSchema = InvitationSchema.extend({
  invitedBy: z.string().nullable().describe("The email of the member who sent it; null if that account is gone"),
  sentAt: z.iso.datetime(),
  expired: z.boolean().describe("The link no longer works; resend it to send a fresh one"),
});
