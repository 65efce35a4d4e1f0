import { z } from "zod";
import { TEAM_ROLES } from "~/lib/team-roles";

export const PASSWORD_RULE_MESSAGE = "Password must be at least 10 characters and include a letter and a number.";

export const EmailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email("Email is invalid"))
  .transform((v) => v.toLowerCase())
  // The document describes the input: the email check sits inside the pipe, which it omits.
  .meta({ format: "email" });

export const NewPasswordSchema = z
  .string({ error: "Password is required" })
  .min(10, PASSWORD_RULE_MESSAGE)
  .max(128, "Password must be at most 128 characters.")
  .regex(/[A-Za-z]/, PASSWORD_RULE_MESSAGE)
  .regex(/\d/, PASSWORD_RULE_MESSAGE);

export const NameSchema = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(100, "Name must be at most 100 characters.");

export const LoginSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(128),
});

export const RegisterSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  name: NameSchema,
});

export const ChangePasswordSchema = z.object({
  currentPassword: z.string({ error: "Current password is required" }).min(1, "Current password is required").max(128),
  newPassword: NewPasswordSchema,
});

export const ProfileUpdateSchema = z.object({ name: NameSchema });

export const AdminProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES).nullable().describe("null while the account waits for approval"),
  status: z.enum(["pending", "active", "rejected"]),
});

export const ROLE_REQUIRED = "Choose a role for the member: owner, admin, sales, marketing or author.";
/** A team role as a form or the API sends it. */
export const TeamRoleSchema = z.enum(TEAM_ROLES, { error: ROLE_REQUIRED });
