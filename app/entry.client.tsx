import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { holdTypedValues } from "./lib/typed-before-hydration";

// React Router's default client entry, plus one line: what was typed or auto-filled before the
// scripts started is noted now and put back once the document has hydrated (decision 047).
holdTypedValues();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
