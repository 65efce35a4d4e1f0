import { blogRoutes } from "../../app/routes/blog/routes";
import { demoRoutes } from "../../app/routes/demo/routes";
import { trialRoutes } from "../../app/routes/trial/routes";

/** The marketing pages this suite owns, with what each must show. */
export const MARKETING_PAGES = [
  {
    path: "/",
    h1: "Automate the work between your teams",
    sections: ["#features", "#workflow-integration", "#integrations", "#why-flowlane"],
  },
  {
    path: "/custom-workflows",
    h1: "Build Powerful Workflows by Automating Processes",
    sections: [],
  },
  { path: "/what-is-flowlane", h1: "Flowlane is the no-code platform", sections: [] },
  { path: "/no-code-required", h1: "Intuitive and fluid no-code workflows", sections: [] },
  { path: "/form-builder", h1: "Customisable forms", sections: [] },
  { path: "/integration", h1: "Integrate And Automate", sections: ["#crm", "#third-party", "#erp", "#api"] },
  { path: "/pricing", h1: "Simple pricing that grows with your team", sections: [] },
] as const;

/**
 * Public pages built by other areas. They are checked (links, axe) once their area registers
 * routes, so this suite needs no edit when they land; add new areas here.
 */
const OTHER_AREAS: { prefix: string; registered: boolean }[] = [
  { prefix: "/blog", registered: blogRoutes.length > 0 },
  { prefix: "/demo", registered: demoRoutes.length > 0 },
  { prefix: "/free-trial", registered: trialRoutes.length > 0 },
];

const owner = (path: string) => OTHER_AREAS.find((area) => path === area.prefix || path.startsWith(`${area.prefix}/`));

/** False for a path of another area that has no routes yet on this branch. */
export const pageExists = (path: string) => owner(path)?.registered ?? true;

/** Every public page to check with axe: ours plus the other areas' index pages once they exist. */
export const PUBLIC_PAGES = [
  ...MARKETING_PAGES.map((page) => page.path),
  ...OTHER_AREAS.filter((area) => area.registered).map((area) => area.prefix),
];
