/** The e2e server's clean-up path (decision 059): served by tests/e2e/server/worker.ts, never by the production Worker. */
export const E2E_CLEANUP_PATH = "/__e2e/cleanup";

/** The e2e server's meeting clock (age-meeting.ts); here so a spec can name it without importing the server's code. */
export const E2E_AGE_PATH = "/__e2e/age-meeting";
