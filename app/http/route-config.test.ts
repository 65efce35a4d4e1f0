import * as framework from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import * as worker from "./route-config";

/** A table that uses every helper, its options and children, the way the area tables do. */
function table(helpers: typeof worker) {
  const { route, index, layout, prefix } = helpers;
  return [
    layout("routes/site-layout.tsx", [
      index("routes/home.tsx"),
      route("pricing", "routes/pricing.tsx", { id: "pricing", caseSensitive: true }),
      route(null, "routes/pathless.tsx", [route("a", "routes/a.tsx")]),
      route("*", "routes/not-found.tsx"),
    ]),
    layout("routes/other-layout.tsx", { id: "other" }, [index("routes/other.tsx", { id: "other-index" })]),
    ...prefix("/admin/", [
      index("routes/admin/login.tsx"),
      route("/dashboard", "routes/admin/dashboard.tsx", [
        index("routes/admin/overview.tsx"),
        ...prefix("blog", [route(":id", "routes/admin/post.tsx"), route("", "routes/admin/blog.tsx")]),
      ]),
      layout("routes/admin/layout.tsx", [route("team", "routes/admin/team.tsx")]),
    ]),
    route("api/*", "routes/api.ts", { id: "api", index: false, unknown: 1 } as never),
  ];
}

describe("the Worker's route helpers", () => {
  it("make the same entries as @react-router/dev/routes, to the undefined keys", () => {
    expect(table(worker)).toStrictEqual(table(framework as typeof worker));
  });
});
