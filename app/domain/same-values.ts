/**
 * The compile-time check behind the browser-safe value lists (`meetings/values.ts`,
 * `subscriptions/values.ts`): `sameValues<typeof LIST, typeof db.LIST>(true)` fails the
 * typecheck when a restated list and the schema's ever differ. Nothing here imports the schema.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export const sameValues = <A extends readonly string[], B extends readonly string[]>(
  value: Same<A[number], B[number]>,
) => value;

// The check itself checked: a list with a value the other lacks must not typecheck.
// @ts-expect-error "b" is only in the first list
sameValues<readonly ["a", "b"], readonly ["a"]>(true);
