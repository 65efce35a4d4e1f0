/** The admin that scripts/e2e.ts creates in the e2e database. */
export const E2E_ADMIN = {
  email: "e2e-admin@flowlane.test",
  password: "e2e-admin-pass-42",
  name: "Erin Admin",
} as const;
