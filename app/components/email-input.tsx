import type { ComponentProps } from "react";

/**
 * The email box of a form inside a `Field` (which gives it its id and aria props): named `email`,
 * required, at most 254 characters (the schemas' limit), the browser's email keyboard and autofill.
 */
export function EmailInput({ className = "input", ...props }: Omit<ComponentProps<"input">, "name" | "type">) {
  return (
    <input name="email" type="email" required maxLength={254} autoComplete="email" className={className} {...props} />
  );
}
