/** The production build's Worker (build/server/index.js), aliased by the e2e server's config (config.ts). */
declare module "flowlane-built-worker" {
  const worker: Required<Pick<ExportedHandler<Env>, "fetch" | "scheduled">>;
  export default worker;
}
