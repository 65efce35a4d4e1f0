/** The owner box of the lead forms (one lead, or the chosen leads in bulk): a sales member, none chosen at first unless given. */
export function OwnerSelect({
  id,
  members,
  defaultValue,
}: {
  id: string;
  members: readonly { id: string; name: string }[];
  defaultValue: string;
}) {
  return (
    <select id={id} name="ownerId" className="input" defaultValue={defaultValue}>
      <option value="">Choose…</option>
      {members.map((m) => (
        <option key={m.id} value={m.id}>
          {m.name}
        </option>
      ))}
    </select>
  );
}
