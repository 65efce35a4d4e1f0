import { parseWithZod } from "@conform-to/zod/v4";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { Admin } from "~/db/schema";
import { clientAddress, withClientLimit } from "~/domain/limits/client-limits.server";
import { AppError } from "~/lib/errors";
import { verifyLogin } from "./accounts.server";
import { LoginSchema } from "./schemas";

/** remix-auth with the form strategy: the login screen's form posts email and password. */
export const authenticator = new Authenticator<Admin>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const submission = parseWithZod(form, { schema: LoginSchema });
    if (submission.status !== "success") {
      const errors = submission.error ?? {};
      const first = Object.values(errors).flat().find(Boolean);
      throw new AppError(400, first ?? "Email and password are required.");
    }
    const { email, password } = submission.value;
    // Failed logins count against the client's address too (decisions 014, 020).
    const ip = clientAddress(request) ?? "";
    return withClientLimit("auth", request, () => verifyLogin(email, password, new Date(), ip), {
      refundOnSuccess: true,
    });
  }),
  "form",
);
