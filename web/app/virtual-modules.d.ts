/** The site configuration, validated and completed by web/site-config-plugin.ts at build time. */
declare module "virtual:site-config" {
  const config: import("@agency/contract").SiteConfig;
  export default config;
}
