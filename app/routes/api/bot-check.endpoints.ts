import { z } from "zod";
import { CHALLENGE_MAX_NUMBER, createChallenge } from "~/domain/verification/bot-check.server";
import { endpointGroup } from "~/http/api/endpoint.server";
import { successWith } from "~/http/api/schemas";
import { BOT_CHECK_HEADER } from "~/lib/bot-check";
import { isLocalHttp } from "~/lib/local-http";

const ChallengeSchema = z.object({
  algorithm: z.literal("SHA-256"),
  challenge: z.string().describe("SHA-256 (hex) of salt + the secret number"),
  maxnumber: z.literal(CHALLENGE_MAX_NUMBER).describe("The secret number is between 0 and this"),
  salt: z.string().describe("Ends in ?expires=<unix seconds>"),
  signature: z.string().describe("The server's HMAC of challenge: sent back unchanged"),
});

const open = endpointGroup("Bot check", "public");

export const endpoints = [
  open.get("/api/bot-check/challenge", {
    summary: `A bot-check challenge (ALTCHA format, decision 080): solve it and send the solution in the ${BOT_CHECK_HEADER} header of a bot-checked call (booking, callback, trial start, codes, registration). Good for 20 minutes, once`,
    responses: { 200: { description: "A new challenge", schema: successWith(ChallengeSchema) } },
    async handler({ request }) {
      return { success: true, data: await createChallenge({ local: isLocalHttp(request) }) };
    },
  }),
];
