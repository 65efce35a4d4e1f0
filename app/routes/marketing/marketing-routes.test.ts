import { describe, expect, it } from "vitest";
import { SAMPLE_VIDEO } from "~/components/marketing/hero-video";
import { ENTERPRISE_MESSAGE } from "~/components/marketing/pricing";
import { TEST_SITE_URL } from "../../../tests/helpers/site";
import { loader as homeLoader } from "./home";
import { action as pricingAction, loader as pricingLoader } from "./pricing";

// The route functions only read `request`; the rest of React Router's arguments are not needed.
type Args<T extends (...args: never[]) => unknown> = Parameters<T>[0];
const args = <T extends (...args: never[]) => unknown>(request: Request) => ({ request }) as unknown as Args<T>;

const choose = (plan: string) =>
  new Request("http://localhost/pricing", { method: "POST", body: new URLSearchParams({ plan, billing: "monthly" }) });

async function outcome(plan: string) {
  try {
    return await pricingAction(args<typeof pricingAction>(choose(plan)));
  } catch (thrown) {
    return thrown;
  }
}

describe("marketing routes", () => {
  it("plays the shipped sample video when no VIDEO_URL is configured", () => {
    const data = homeLoader(args<typeof homeLoader>(new Request("http://localhost/?utm=x")));
    expect(data).toEqual({ canonical: `${TEST_SITE_URL}/`, videoSrc: SAMPLE_VIDEO });
  });

  it("reads the billing period from the query, monthly by default", () => {
    const monthly = pricingLoader(args<typeof pricingLoader>(new Request("http://localhost/pricing")));
    const annual = pricingLoader(args<typeof pricingLoader>(new Request("http://localhost/pricing?billing=annual")));
    expect(monthly.billing).toBe("monthly");
    expect(annual).toEqual({ canonical: `${TEST_SITE_URL}/pricing`, billing: "annual" });
  });

  it("sends Pro and Standard to the trial signup with the plan", async () => {
    for (const plan of ["pro", "standard"]) {
      const response = (await outcome(plan)) as Response;
      expect(response).toBeInstanceOf(Response);
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe(`/free-trial?plan=${plan}`);
    }
  });

  it("answers Enterprise with the sales message", async () => {
    expect(await outcome("enterprise")).toEqual({ message: ENTERPRISE_MESSAGE, tone: "success" });
  });

  it("refuses an unknown plan with a 400 and an error message", async () => {
    const result = (await outcome("gold")) as { data: { message: string; tone: string }; init: { status: number } };
    expect(result.init.status).toBe(400);
    expect(result.data.message).toMatch(/^Error/);
    expect(result.data.tone).toBe("error");
  });
});
