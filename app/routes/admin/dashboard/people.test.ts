import { beforeAll, describe, expect, it } from "vitest";
import { requestCallback } from "~/domain/meetings/callbacks.server";
import { ERASE_CONFIRM_MESSAGE } from "~/domain/privacy/schemas";
import { createAdmin } from "../../../../tests/helpers/accounts";
import { loaded, outcome, routeArgs } from "../../../../tests/helpers/route-call";
import { action, loader } from "./people";
import { loader as exportLoader } from "./people/export";

const ORIGIN = "http://localhost";
let admin: string;
let sales: string;
beforeAll(async () => {
  admin = (await createAdmin({ role: "admin" })).token;
  sales = (await createAdmin({ role: "sales" })).token;
});

const get = (path: string, token: string) =>
  new Request(`${ORIGIN}${path}`, { headers: { Authorization: `Bearer ${token}` } });
const post = (token: string, fields: [string, string][]) =>
  new Request(`${ORIGIN}/admin/dashboard/people`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, Origin: ORIGIN },
    body: new URLSearchParams(fields),
  });

async function person() {
  const email = `people-page-${crypto.randomUUID().slice(0, 8)}@initech.example`;
  await requestCallback({ firstName: "Mira", lastName: "Nair", email, company: "Initech", phone: "", message: "Hi" });
  return email;
}

describe("Console → People (decision 088)", () => {
  it("looks a person up by email and lists what is held by kind", async () => {
    const email = await person();
    const page = await loaded(loader(routeArgs(get(`/admin/dashboard/people?email=${email.toUpperCase()}`, admin))));
    expect(page.person.email).toBe(email);
    expect(page.person.counts).toMatchObject({ callbacks: 1, leads: 1 });
    expect(page.canErase).toBe(true);
    const bad = await loaded(outcome(() => loader(routeArgs(get("/admin/dashboard/people?email=x", admin)))));
    expect(bad.init?.status).toBe(400);
    expect(bad.data.problem).toBe("Email is invalid");
  });

  it("downloads the JSON file and one kind as CSV", async () => {
    const email = await person();
    const file = (await exportLoader(
      routeArgs(get(`/admin/dashboard/people/export?email=${encodeURIComponent(email)}`, admin)),
    )) as Response;
    expect(file.headers.get("Content-Disposition")).toMatch(/attachment; filename="person-export-.*\.json"/);
    expect(((await file.json()) as { held: Record<string, unknown[]> }).held.callbacks).toHaveLength(1);
    const csv = (await exportLoader(
      routeArgs(get(`/admin/dashboard/people/export?email=${encodeURIComponent(email)}&kind=callbacks`, admin)),
    )) as Response;
    const text = await csv.text();
    expect(text).toContain("firstName");
    expect(text).toContain(email);
  });

  it("erases only with the confirmation ticked; Sales may not open the page", async () => {
    const email = await person();
    const unconfirmed = await loaded(
      action(
        routeArgs(
          post(admin, [
            ["intent", "erase"],
            ["email", email],
          ]),
        ),
      ),
    );
    expect(unconfirmed.data).toEqual({ ok: false, message: ERASE_CONFIRM_MESSAGE });
    const done = await loaded(
      action(
        routeArgs(
          post(admin, [
            ["intent", "erase"],
            ["email", email],
            ["confirm", "true"],
          ]),
        ),
      ),
    );
    expect(done).toMatchObject({
      ok: true,
      message: expect.stringMatching(/^Erased \d+ records \(.*callbacks and enterprise requests: 1/),
    });
    const after = await loaded(loader(routeArgs(get(`/admin/dashboard/people?email=${email}`, admin))));
    expect(after.person.counts).toEqual({});
    const refused = await loaded(
      outcome(() => loader(routeArgs(get(`/admin/dashboard/people?email=${email}`, sales)))),
    );
    expect(refused.init?.status ?? refused.status).toBe(403);
  });
});
