/**
 * Who makes a change: the signed-in admin whom the rules check and the audit log names.
 * Declared once here; every domain service that takes an actor uses this type.
 */
export type Actor = { id: string; email: string };

/** The actor of a session (of the console or of the API). */
export function actorOf(session: { admin: { id: string; email: string } }): Actor {
  return { id: session.admin.id, email: session.admin.email };
}
