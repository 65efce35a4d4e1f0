import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "../../../../tests/helpers/accounts";
import { onlyPageViews, pageView as view } from "../../../../tests/helpers/page-views";
import { loaded, outcome, routeArgs } from "../../../../tests/helpers/route-call";
import { loader } from "./insights";
import { loader as csvLoader } from "./insights/export-csv";

const ORIGIN = "http://localhost";
const day = new Date().toISOString().slice(0, 10);
let marketing: string;
let sales: string;
beforeAll(async () => {
  marketing = (await createAdmin({ role: "marketing" })).token;
  sales = (await createAdmin({ role: "sales" })).token;
  await onlyPageViews([
    view({ day, visitor: "a", path: "/blog/launch", source: "linkedin", campaign: "=cmd()", views: 2 }),
    view({ day, visitor: "b", path: "/", country: "", device: "desktop" }),
  ]);
});

const get = (path: string, token: string) =>
  new Request(`${ORIGIN}${path}`, { headers: { Authorization: `Bearer ${token}` } });

describe("Console → Insights", () => {
  it("shows the range's traffic with readable keys, the posts apart, and the funnel", async () => {
    const data = await loaded(
      loader(routeArgs(get(`/admin/dashboard/insights?from=${day}&to=${day}&by=post`, marketing))),
    );
    expect(data).toMatchObject({ range: { from: day, to: day }, by: "post", problem: null, views: 3, visitors: 2 });
    expect(data.sources.map((r: { label: string }) => r.label)).toEqual(["linkedin", "Direct or within the site"]);
    expect(data.countries.map((r: { label: string }) => r.label)).toEqual(["India (IN)", "Unknown"]);
    expect(data.posts).toEqual([{ key: "/blog/launch", label: "/blog/launch", views: 2, visitors: 1 }]);
    expect(data.funnel.groups.map((g: { key: string }) => g.key)).toEqual(["/blog/launch"]);
  });

  it("shows the last 28 days and the problem for a range that is not one (empty fields ignored)", async () => {
    const data = await loaded(
      loader(routeArgs(get("/admin/dashboard/insights?from=2026-11-20&to=2026-11-01&by=", marketing))),
    );
    expect(data.problem).toBe("from must be on or before to.");
    expect(data.by).toBe("source");
    expect(data.range.to).toBe(day);
    const blank = await loaded(loader(routeArgs(get("/admin/dashboard/insights?from=&to=", marketing))));
    expect(blank.problem).toBeNull();
  });

  it("shows page speed: p75 per page and device, the metrics side by side, rated against the good lines", async () => {
    await env.DB.prepare("DELETE FROM page_vitals").run();
    const sample = (path: string, device: string, metric: string, value: number) =>
      env.DB.prepare("INSERT INTO page_vitals (day, path, device, metric, value) VALUES (?, ?, ?, ?, ?)").bind(
        day,
        path,
        device,
        metric,
        value,
      );
    await env.DB.batch([
      sample("/pricing", "mobile", "LCP", 2000),
      sample("/pricing", "mobile", "LCP", 3200),
      sample("/pricing", "mobile", "INP", 90),
      sample("/pricing", "mobile", "HYDRATION", 140),
      sample("/", "desktop", "CLS", 0.02),
    ]);
    const data = await loaded(loader(routeArgs(get(`/admin/dashboard/insights?from=${day}&to=${day}`, marketing))));
    expect(data.speed).toEqual([
      {
        path: "/pricing",
        device: "mobile",
        samples: 2,
        cells: {
          LCP: { p75: 3200, samples: 2, rating: "poor" },
          INP: { p75: 90, samples: 1, rating: "good" },
          HYDRATION: { p75: 140, samples: 1, rating: null },
        },
      },
      { path: "/", device: "desktop", samples: 1, cells: { CLS: { p75: 0.02, samples: 1, rating: "good" } } },
    ]);
    await env.DB.prepare("DELETE FROM page_vitals").run();
  });

  it("is refused to Sales", async () => {
    const refused = await outcome(() => loader(routeArgs(get("/admin/dashboard/insights", sales))));
    expect(refused).toMatchObject({ init: { status: 403 } });
  });

  it("downloads traffic and the funnel as CSV, formulas neutralised", async () => {
    const traffic = (await csvLoader(
      routeArgs(get(`/admin/dashboard/insights/export.csv?from=${day}&to=${day}`, marketing)),
    )) as Response;
    expect(traffic.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const lines = (await traffic.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Section,Key,Visitors,Views");
    expect(lines).toContain(`day,${day},2,3`);
    expect(lines).toContain("path,/blog/launch,1,2");
    expect(lines).toContain("campaign,'=cmd(),1,2");
    const funnel = (await csvLoader(
      routeArgs(get(`/admin/dashboard/insights/export.csv?report=funnel&by=source&from=${day}&to=${day}`, marketing)),
    )) as Response;
    const rows = (await funnel.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(rows[0]).toBe(
      "source,Visits,Demo booked,Demo booked rate,Attended,Attended rate,Trial started,Trial started rate,Email verified,Email verified rate,Approved,Approved rate",
    );
    expect(rows[1]).toBe("(all),2,0,0,0,,0,,0,,0,");
  });
});
