/** The built address of app/components/page-speed.client.ts (vite.config.ts, decision 091). */
declare module "virtual:page-speed-url" {
  const url: string;
  export default url;
}
