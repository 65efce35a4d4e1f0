import { render } from "@react-email/render";
import { config } from "~/lib/config.server";
import type { EmailContent } from "./content";
import { MessageEmail } from "./message";

/**
 * The HTML version of an email (decision 021), rendered by React Email's `render` (its
 * workerd/edge build, on react-dom/server's streaming renderer). The plain-text version is
 * written by each builder and stays the alternative part.
 */
export function renderEmail(content: EmailContent): Promise<string> {
  return render(<MessageEmail content={content} postalAddress={config().POSTAL_ADDRESS} />);
}
