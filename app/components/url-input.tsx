import type { ComponentProps } from "react";

/**
 * The address box of a form inside a `Field` (which gives it its id and aria props): named `url`,
 * required, the browser's URL keyboard and no autofill. It is a text box, not `type="url"`, so that
 * the server's schema answers with the spec's words (and `webcal://` passes); the caller states its
 * schema's length limit.
 */
export function UrlInput({
  className = "input",
  ...props
}: Omit<ComponentProps<"input">, "name" | "type" | "maxLength"> & { maxLength: number }) {
  return <input name="url" type="text" inputMode="url" autoComplete="off" required className={className} {...props} />;
}
