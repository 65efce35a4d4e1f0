import { createContext, useContext } from "react";

const FormTokenContext = createContext<string>("");

/** Set by the server render (app/entry.server.tsx) with this response's "form issued at" token (decision 080). */
export const FormTokenProvider = FormTokenContext.Provider;

/** This render's form token; "" in the browser and on pages kept at the edge. */
export function useFormToken() {
  return useContext(FormTokenContext);
}
