/**
 * The SITE_URL the unit tests run with (vitest.config.ts). Their requests go to http://localhost,
 * so a link that followed the request's Host instead of the configuration would not match it.
 */
export const TEST_SITE_URL = "https://flowlane.test";
