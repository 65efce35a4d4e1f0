import { createContext } from "react-router";

/** Per-request values set by the Worker entry (workers/app.ts). */
export type RequestValues = {
  nonce: string;
  ctx: ExecutionContext;
};

export const requestContext = createContext<RequestValues>();
