/** The raw site.config.json (see web/site-config-plugin.ts); lib/site.ts validates it. */
declare module "virtual:site-config" {
  const config: unknown;
  export default config;
}
