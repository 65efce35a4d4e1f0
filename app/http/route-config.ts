import type { RouteConfigEntry } from "@react-router/dev/routes";

/*
 * `route`, `index`, `layout` and `prefix` of `@react-router/dev/routes`, for the Worker only
 * (decision 082). The Worker reads the route table for its request policies (decision 061), and
 * the framework's module brings lodash and valibot with it (about 10 KB gzip) for its config
 * checks, which only the build runs. vite.config.ts puts this module in its place in the
 * Worker's build; the build itself, the type checks and the tests keep the framework's.
 * `route-config.test.ts` holds each one equal to the framework's.
 */

type Options = { id?: string; index?: boolean; caseSensitive?: boolean };

/** The named keys of `options` that are set, as lodash's `pick` keeps them. */
function pick(options: Options | undefined, keys: readonly (keyof Options)[]): Options {
  const picked: Options = {};
  for (const key of keys) if (options && key in options) Object.assign(picked, { [key]: options[key] });
  return picked;
}

export function route(
  path: string | null | undefined,
  file: string,
  optionsOrChildren?: Options | RouteConfigEntry[],
  children?: RouteConfigEntry[],
): RouteConfigEntry {
  let options: Options = {};
  if (Array.isArray(optionsOrChildren) || !optionsOrChildren) children = optionsOrChildren;
  else options = optionsOrChildren;
  return { file, children, path: path ?? undefined, ...pick(options, ["id", "index", "caseSensitive"]) };
}

export function index(file: string, options?: Pick<Options, "id">): RouteConfigEntry {
  return { file, index: true, ...pick(options, ["id"]) };
}

export function layout(
  file: string,
  optionsOrChildren?: Pick<Options, "id"> | RouteConfigEntry[],
  children?: RouteConfigEntry[],
): RouteConfigEntry {
  let options: Options = {};
  if (Array.isArray(optionsOrChildren) || !optionsOrChildren) children = optionsOrChildren;
  else options = optionsOrChildren;
  return { file, children, ...pick(options, ["id"]) };
}

const joinRoutePaths = (first: string, second: string) =>
  [first.replace(/\/+$/, ""), second.replace(/^\/+/, "")].join("/");

export function prefix(prefixPath: string, routes: RouteConfigEntry[]): RouteConfigEntry[] {
  return routes.map((entry) => {
    if (entry.index || typeof entry.path === "string")
      return {
        ...entry,
        path: entry.path ? joinRoutePaths(prefixPath, entry.path) : prefixPath,
        children: entry.children,
      };
    if (entry.children) return { ...entry, children: prefix(prefixPath, entry.children) };
    return entry;
  });
}
