import { describe, expect, it } from "vitest";
import { ERASE_CONFIRM_MESSAGE } from "~/domain/privacy/schemas";
import { roleTokens } from "../../../tests/helpers/accounts";
import { api } from "../../../tests/helpers/api";
import { weekday } from "../../../tests/helpers/booking";

const tokens = roleTokens("owner", "admin", "sales");

let n = 0;
/** A person who asked for a callback and subscribed, through the public API. */
async function person() {
  const email = `people-api-${++n}-${crypto.randomUUID().slice(0, 6)}@globex.example`;
  const callback = await api("POST", "/api/callbacks", {
    body: { firstName: "Ravi", lastName: "Iyer", email, company: "Globex", phone: "", message: "Call me" },
  });
  expect(callback.status).toBe(201);
  return email;
}

describe("the people API (decision 088)", () => {
  it("GET /api/people answers everything held by kind; Sales may not", async () => {
    const email = await person();
    const r = await api("GET", `/api/people?email=${encodeURIComponent(email.toUpperCase())}`, { token: tokens.admin });
    expect(r.status).toBe(200);
    expect(r.json.data.email).toBe(email);
    expect(r.json.data.counts).toMatchObject({ callbacks: 1, leads: 1 });
    expect(r.json.data.held.callbacks[0]).toMatchObject({ email, firstName: "Ravi", message: "Call me" });
    expect((await api("GET", `/api/people?email=${email}`, { token: tokens.sales })).status).toBe(403);
    const bad = await api("GET", "/api/people?email=nope", { token: tokens.admin });
    expect(bad.status).toBe(400);
  });

  it("GET /api/people/export is a JSON attachment with no address in its name", async () => {
    const email = await person();
    const r = await api("GET", `/api/people/export?email=${encodeURIComponent(email)}`, { token: tokens.owner });
    expect(r.status).toBe(200);
    expect(r.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="person-export-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(r.json).toMatchObject({ email, held: { callbacks: [expect.objectContaining({ email })] } });
  });

  it("POST /api/people/erase needs confirm: true, erases once, then answers 404", async () => {
    const email = await person();
    const unconfirmed = await api("POST", "/api/people/erase", { token: tokens.admin, body: { email } });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.json.details).toEqual([{ field: "confirm", message: ERASE_CONFIRM_MESSAGE }]);
    const calls = await Promise.all(
      Array.from({ length: 20 }, () =>
        api("POST", "/api/people/erase", { token: tokens.admin, body: { email, confirm: true } }),
      ),
    );
    expect(calls.map((c) => c.status).sort()).toEqual([200, ...Array(19).fill(404)]);
    const done = calls.find((c) => c.status === 200);
    expect(done?.json.data.erased).toMatchObject({ callbacks: 1, leads: 1 });
    const after = await api("GET", `/api/people?email=${encodeURIComponent(email)}`, { token: tokens.admin });
    expect(after.json.data).toEqual({ email, counts: {}, held: {} });
    expect(
      (await api("POST", "/api/people/erase", { token: tokens.sales, body: { email, confirm: true } })).status,
    ).toBe(403);
  });

  it("refuses with 409 while a meeting is upcoming", async () => {
    const email = `people-api-meeting-${crypto.randomUUID().slice(0, 6)}@globex.example`;
    const booked = await api("POST", "/api/meetings", {
      body: { name: "Ravi Iyer", email, company: "Globex", date: weekday(4), timeSlot: "15:30", meetingType: "demo" },
    });
    expect(booked.status).toBe(201);
    const r = await api("POST", "/api/people/erase", { token: tokens.owner, body: { email, confirm: true } });
    expect(r.status).toBe(409);
    expect(r.json.error).toMatch(/upcoming meeting .* cancel it first/);
  });
});
