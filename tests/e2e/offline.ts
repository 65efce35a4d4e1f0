import type { Page } from "@playwright/test";

/*
 * A page whose posts get no answer, for the tests of "a failed submit keeps the input and says
 * what happened" (JavaScript on): the posts fail at the network, then the network comes back.
 */

/** Every form post (React Router's `.data` requests, and plain document posts) fails at the network. */
export async function failPosts(page: Page) {
  await page.route("**/*", (route) =>
    route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback(),
  );
}

/** Undoes `failPosts`: the page's requests reach the server again. */
export const restoreNetwork = (page: Page) => page.unrouteAll({ behavior: "wait" });
