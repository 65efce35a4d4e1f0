/**
 * A person's email as a mailto link; "Erased" once their data has been erased (decision 088: an
 * erased booking or callback request keeps no address).
 */
export function EmailOrErased({ email }: { email: string | null }) {
  return email ? (
    <a href={`mailto:${email}`} className="text-brand-700 hover:underline dark:text-brand-300">
      {email}
    </a>
  ) : (
    "Erased"
  );
}
