import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { leads } from "~/db/schema";
import { nextAttribution, touchOf } from "~/domain/leads/attribution";
import { requestCallback } from "~/domain/meetings/callbacks.server";
import { createAdmin } from "../../../../tests/helpers/accounts";
import { loaded, outcome, routeArgs } from "../../../../tests/helpers/route-call";
import { action as listAction, loader as listLoader } from "./leads";
import { action as detailAction, loader as detailLoader } from "./leads/details";
import { loader as csvLoader } from "./leads/export-csv";

const ORIGIN = "http://localhost";
let sales: { id: string; token: string; name: string };
let other: { id: string; name: string };
let marketing: string;
beforeAll(async () => {
  const s = await createAdmin({ role: "sales", name: "Sam Sales" });
  sales = { id: s.admin.id, token: s.token, name: s.admin.name };
  const o = await createAdmin({ role: "sales", name: "Olga Other" });
  other = { id: o.admin.id, name: o.admin.name };
  marketing = (await createAdmin({ role: "marketing" })).token;
});

const get = (path: string, token: string) =>
  new Request(`${ORIGIN}${path}`, { headers: { Authorization: `Bearer ${token}` } });
const post = (path: string, token: string, fields: [string, string][]) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, Origin: ORIGIN },
    body: new URLSearchParams(fields),
  });

let n = 0;
async function newsletterLead() {
  const email = `inbox-${++n}-${crypto.randomUUID().slice(0, 6)}@acme.example`;
  const touch = touchOf(new URL(`${ORIGIN}/?utm_source=Newsletter&utm_campaign=nov`), null, ["localhost"], new Date());
  await requestCallback(
    { firstName: "Ines", lastName: `Box${n}`, email, company: "Acme", phone: "", message: "" },
    { attribution: nextAttribution(null, touch) },
  );
  return (await db().select().from(leads).where(eq(leads.email, email)).get())!;
}

describe("the lead inbox page", () => {
  it("lists the lead with its source and campaign, filtered without JavaScript (empty fields ignored)", async () => {
    const lead = await newsletterLead();
    const page = await loaded(
      listLoader(
        routeArgs(
          get(
            `/admin/dashboard/leads?q=${encodeURIComponent(lead.email)}&status=&ownerId=&kind=callback&source=newsletter&campaign=nov&from=&to=`,
            sales.token,
          ),
        ),
      ),
    );
    expect(page.problem).toBeNull();
    expect(page.leads).toHaveLength(1);
    expect(page.leads[0]).toMatchObject({ source: "newsletter", campaign: "nov", kinds: ["callback"], status: "new" });
    expect(page.canChange).toBe(true);
    const bad = await loaded(listLoader(routeArgs(get("/admin/dashboard/leads?status=maybe", sales.token))));
    expect(bad.problem).toBe("status must be one of: new, contacted, qualified, won, lost, disqualified.");
  });

  it("bulk-assigns and bulk-changes status; Marketing reads but cannot change", async () => {
    const a = await newsletterLead();
    const b = await newsletterLead();
    const assigned = await loaded(
      listAction(
        routeArgs(
          post("/admin/dashboard/leads", sales.token, [
            ["id", a.id],
            ["id", b.id],
            ["intent", "assign"],
            ["ownerId", other.id],
          ]),
        ),
      ),
    );
    expect(assigned).toMatchObject({ ok: true });
    const rows = await db().select().from(leads).where(eq(leads.ownerId, other.id)).all();
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    const status = await loaded(
      listAction(
        routeArgs(
          post("/admin/dashboard/leads", sales.token, [
            ["id", a.id],
            ["intent", "status"],
            ["status", "lost"],
            ["reason", ""],
          ]),
        ),
      ),
    );
    expect(status.init?.status).toBe(400);
    const read = await loaded(listLoader(routeArgs(get("/admin/dashboard/leads", marketing))));
    expect(read.canChange).toBe(false);
    expect(read.canExport).toBe(false);
    const refused = await loaded(
      outcome(() =>
        listAction(
          routeArgs(
            post("/admin/dashboard/leads", marketing, [
              ["id", a.id],
              ["intent", "status"],
              ["status", "won"],
            ]),
          ),
        ),
      ),
    );
    expect(refused.init?.status).toBe(403);
  });
});

describe("a lead's page", () => {
  it("shows both touches and the timeline; notes, status and owner change it", async () => {
    const lead = await newsletterLead();
    const path = `/admin/dashboard/leads/${lead.id}`;
    // The page's forms name each field once (the list's bulk forms repeat `id`, hence `post`'s pairs).
    const call = (fields: Record<string, string>) =>
      loaded(detailAction(routeArgs(post(path, sales.token, Object.entries(fields)), { id: lead.id })));
    expect(await call({ intent: "note", text: "Left a voicemail" })).toMatchObject({ ok: true });
    expect(await call({ intent: "assign", ownerId: other.id })).toMatchObject({ ok: true });
    expect(await call({ intent: "status", status: "qualified", reason: "" })).toMatchObject({ ok: true });
    expect((await call({ intent: "note", text: " " })).data).toMatchObject({ ok: false, message: "Write a note." });
    const page = await loaded(detailLoader(routeArgs(get(path, marketing), { id: lead.id })));
    expect(page.lead.attribution.first).toMatchObject({ source: "newsletter", campaign: "nov" });
    expect(page.owner?.name).toBe(other.name);
    expect(page.lead.status).toBe("qualified");
    expect(page.timeline.map((e: { text: string }) => e.text)).toEqual(
      expect.arrayContaining(["Left a voicemail", "Owner changed", "New → Qualified"]),
    );
    expect(page.canChange).toBe(false);
    const missing = await outcome(() =>
      detailLoader(routeArgs(get("/admin/dashboard/leads/nope", sales.token), { id: "nope" })),
    );
    expect((missing as Response).status).toBe(404);
  });
});

describe("the CSV", () => {
  it("carries the attribution columns of the filtered inbox", async () => {
    const lead = await newsletterLead();
    const response = (await csvLoader(
      routeArgs(get(`/admin/dashboard/leads/export.csv?q=${encodeURIComponent(lead.email)}`, sales.token)),
    )) as Response;
    const text = await response.text();
    const [header, row, end] = text.replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toContain("First source,First medium,First campaign");
    expect(header).toContain("Last landing path");
    expect(row).toContain(lead.email);
    expect(row).toContain("newsletter");
    expect(row).toContain(",nov,");
    expect(end).toBe("");
  });
});
