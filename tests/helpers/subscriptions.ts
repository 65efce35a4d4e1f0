import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { subscriptions } from "~/db/schema";

/** The stored signup of `email` (undefined when there is none), to check what a call wrote. */
export const subscriptionOf = (email: string) =>
  db().select().from(subscriptions).where(eq(subscriptions.email, email)).get();
