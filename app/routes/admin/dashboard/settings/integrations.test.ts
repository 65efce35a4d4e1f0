import { count } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { webhookEndpoints } from "~/db/schema";
import { ENDPOINT_MESSAGES } from "~/domain/integrations/events";
import { createAdmin } from "../../../../../tests/helpers/accounts";
import { routeArgs as args, outcome } from "../../../../../tests/helpers/route-call";
import { setConfig } from "../../../../../tests/helpers/trial";
import { action as endpointAction, loader as endpointLoader } from "./integration";
import { action as addAction } from "./integrations";

/** Settings → Integrations through its route modules, as a form post without JavaScript makes them. */

let token: string;
beforeAll(async () => {
  token = (await createAdmin({ role: "owner" })).token;
});
afterEach(async () => {
  await db().delete(webhookEndpoints);
});

const PAGE = "http://localhost/admin/dashboard/settings/integrations";
const post = (url: string, fields: [string, string][]) => {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  return new Request(url, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body });
};
const countEndpoints = async () => (await db().select({ n: count() }).from(webhookEndpoints).get())?.n ?? 0;
type Answer = { data: Record<string, unknown>; init: { status: number } | null };

describe("adding an endpoint", () => {
  it("answers the secret once (201); bad input keeps what was typed, says why and stores nothing", async () => {
    const added = (await addAction(
      args(
        post(PAGE, [
          ["url", "https://crm.example.com/hooks"],
          ["events", "meeting.booked"],
          ["events", "trial.started"],
        ]),
      ),
    )) as unknown as Answer;
    expect(added.init?.status).toBe(201);
    expect(added.data.created).toMatchObject({
      url: "https://crm.example.com/hooks",
      secret: expect.stringMatching(/^whsec_/),
    });
    const before = await countEndpoints();
    const cases: [[string, string][], string, string][] = [
      [
        [
          ["url", "https://10.0.0.1/x"],
          ["events", "meeting.booked"],
        ],
        "url",
        ENDPOINT_MESSAGES.privateAddress,
      ],
      [[["url", "https://crm.example.com/x"]], "events", ENDPOINT_MESSAGES.events],
      [
        [
          ["url", "https://crm.example.com/x"],
          ["events", "meeting.exploded"],
        ],
        "events",
        ENDPOINT_MESSAGES.unknownEvent("meeting.exploded"),
      ],
      [
        [
          ["url", "https://crm.example.com/x"],
          ["events", "meeting.booked"],
          ["secret", "short"],
        ],
        "secret",
        ENDPOINT_MESSAGES.secret,
      ],
    ];
    for (const [fields, field, message] of cases) {
      const answer = (await addAction(args(post(PAGE, fields)))) as unknown as Answer;
      expect(answer.init?.status, message).toBe(400);
      expect((answer.data.fields as Record<string, string>)[field]).toBe(message);
      expect((answer.data.values as { url: string }).url).toBe(fields[0]![1]);
    }
    // On a production site, a loopback receiver is refused too.
    const production = setConfig({ SITE_URL: "https://www.flowlane.com" });
    try {
      const answer = (await addAction(
        args(
          post(PAGE, [
            ["url", "http://127.0.0.1:9000/hook"],
            ["events", "meeting.booked"],
          ]),
        ),
      )) as unknown as Answer;
      expect((answer.data.fields as Record<string, string>).url).toBe(ENDPOINT_MESSAGES.https);
    } finally {
      production();
    }
    expect(await countEndpoints()).toBe(before);
  });

  it("an unknown endpoint's page is a 404; rotating answers a new secret once", async () => {
    const missing = (await outcome(() =>
      endpointLoader(
        args(new Request(`${PAGE}/nope`, { headers: { Authorization: `Bearer ${token}` } }), { id: "nope" }),
      ),
    )) as { init: { status: number } };
    expect(missing.init.status).toBe(404);
    const added = (await addAction(
      args(
        post(PAGE, [
          ["url", "https://crm.example.com/hooks"],
          ["events", "meeting.booked"],
        ]),
      ),
    )) as unknown as Answer;
    const { id, secret } = added.data.created as { id: string; secret: string };
    const rotated = (await endpointAction(
      args(post(`${PAGE}/${id}`, [["intent", "rotate"]]), { id }),
    )) as unknown as Answer;
    expect(rotated.data.secret).toMatch(/^whsec_/);
    expect(rotated.data.secret).not.toBe(secret);
  });
});
