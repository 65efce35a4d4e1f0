/**
 * The answer of a console list's action, above the list: green for a change made, red for a
 * refusal (role "status" or "alert", so a screen reader says it).
 */
export function ActionNotice({ result }: { result: { ok: boolean; message: string } | null | undefined }) {
  if (!result) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={`mb-4 rounded-lg px-4 py-3 text-sm ${
        result.ok
          ? "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
          : "bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200"
      }`}
    >
      {result.message}
    </p>
  );
}
